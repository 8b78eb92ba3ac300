//! `for_cost_types!(module, body)`: one `#[test]` per cost type (`u32`,
//! `u64`, `i64`, `f32`, `f64`) calling the generic `body::<C>()`.
//!
//! Small on purpose: test files that need only this include it on its own
//! (`#[macro_use] #[path = "common/cost_types.rs"] mod cost_types;`) rather
//! than all of `common`.

macro_rules! for_cost_types {
    ($name:ident, $body:ident) => {
        mod $name {
            #[test]
            fn u32() {
                super::$body::<u32>()
            }
            #[test]
            fn u64() {
                super::$body::<u64>()
            }
            #[test]
            fn i64() {
                super::$body::<i64>()
            }
            #[test]
            fn f32() {
                super::$body::<f32>()
            }
            #[test]
            fn f64() {
                super::$body::<f64>()
            }
        }
    };
}

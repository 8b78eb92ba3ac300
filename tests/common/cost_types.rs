//! `for_cost_types!(module, body)`: one `#[test]` per cost type calling the
//! generic `body::<C>()`: `u32` and `f64` (one integer, one float) in the
//! default tier, and `u64`, `i64`, `f32` too in the deep tier (the
//! `deep-tests` feature), where each copy of the body costs compile time.
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
            #[cfg(feature = "deep-tests")]
            fn u64() {
                super::$body::<u64>()
            }
            #[test]
            #[cfg(feature = "deep-tests")]
            fn i64() {
                super::$body::<i64>()
            }
            #[test]
            #[cfg(feature = "deep-tests")]
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

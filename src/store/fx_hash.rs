//! Fx hash: the multiply-rotate word hash used by rustc, fast for small keys.
//!
//! It is not resistant to adversarial keys (no random seed), which is fine for
//! node ids chosen by the program itself. Written here rather than pulled in as a
//! dependency: it is a dozen lines.

use core::hash::{BuildHasherDefault, Hasher};

const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

/// The Fx hasher: `hash = (hash.rotate_left(5) ^ word) * K` for every word written.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct FxHasher {
    hash: u64,
}

/// A `BuildHasher` for [`FxHasher`].
pub(crate) type FxBuildHasher = BuildHasherDefault<FxHasher>;

impl FxHasher {
    #[inline(always)]
    fn add(&mut self, word: u64) {
        self.hash = (self.hash.rotate_left(5) ^ word).wrapping_mul(SEED);
    }
}

impl Hasher for FxHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let mut w = [0u8; 8];
            w.copy_from_slice(c);
            self.add(u64::from_le_bytes(w));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut w = [0u8; 8];
            w[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(w));
        }
    }
    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.add(i as u64)
    }
    #[inline]
    fn write_u16(&mut self, i: u16) {
        self.add(i as u64)
    }
    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.add(i as u64)
    }
    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.add(i)
    }
    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64)
    }
    #[inline]
    fn finish(&self) -> u64 {
        self.hash
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::hash::{BuildHasher, Hash};

    fn h<T: Hash>(t: T) -> u64 {
        FxBuildHasher::default().hash_one(t)
    }

    #[test]
    fn distinct_small_keys_hash_apart() {
        let mut seen = std::collections::HashSet::new();
        for x in 0..64u32 {
            for y in 0..64u32 {
                assert!(seen.insert(h((x, y))), "collision at {x},{y}");
            }
        }
    }

    #[test]
    fn byte_writes_cover_the_tail() {
        assert_ne!(h("abcdefghi"), h("abcdefghj"));
        assert_ne!(h([1u8, 2, 3]), h([1u8, 2, 4]));
    }
}

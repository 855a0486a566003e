//! Bit sets over board squares.
//!
//! Every game stores its pieces as bit sets; which bit stands for which
//! square is the business of [`crate::geometry`]. The Czech board packs
//! its 32 dark squares (plus 3 ghost bits) into a `u64`; the 7×7 and 8×8
//! boards of the other games also fit a `u64`; the 10×10 boards need a
//! `u128`. Move generation is written once against the [`Bits`] trait and
//! compiled for each width, so no game pays for another's board size.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A fixed-width set of bit indices, implemented for `u64` and `u128`.
pub trait Bits:
    Copy
    + Eq
    + Ord
    + Default
    + Debug
    + Hash
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
{
    /// The empty set.
    const ZERO: Self;
    /// Number of bits in the type.
    const WIDTH: u32;
    /// The set holding bit `i` only.
    fn bit(i: u32) -> Self;
    /// Shifts left by `by` when positive, right by `-by` when negative.
    fn shift(self, by: i32) -> Self;
    /// Number of bits set.
    fn count(self) -> u32;
    /// Index of the lowest bit set (undefined result for the empty set).
    fn lowest(self) -> u32;
    /// True for the empty set.
    #[inline(always)]
    fn is_empty(self) -> bool {
        self == Self::ZERO
    }
    /// True when bit `i` is set.
    #[inline(always)]
    fn has(self, i: u32) -> bool {
        self & Self::bit(i) != Self::ZERO
    }
    /// Widens the set into a `u128` (for tables shared by all widths).
    fn to_u128(self) -> u128;
    /// Narrows a `u128` into the set (bits beyond the width are dropped).
    fn from_u128(v: u128) -> Self;
    /// Iterates over the indices of the bits set, lowest first.
    #[inline(always)]
    fn iter(self) -> BitIter<Self> {
        BitIter(self)
    }
}

macro_rules! impl_bits {
    ($t:ty) => {
        impl Bits for $t {
            const ZERO: Self = 0;
            const WIDTH: u32 = <$t>::BITS;
            #[inline(always)]
            fn bit(i: u32) -> Self {
                1 << i
            }
            #[inline(always)]
            fn shift(self, by: i32) -> Self {
                if by >= 0 {
                    self << by
                } else {
                    self >> -by
                }
            }
            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn lowest(self) -> u32 {
                self.trailing_zeros()
            }
            #[inline(always)]
            fn to_u128(self) -> u128 {
                self as u128
            }
            #[inline(always)]
            fn from_u128(v: u128) -> Self {
                v as $t
            }
        }
    };
}

impl_bits!(u64);
impl_bits!(u128);

/// Iterator over the set bits of a [`Bits`] value.
#[derive(Clone, Copy, Debug)]
pub struct BitIter<B>(B);

impl<B: Bits> Iterator for BitIter<B> {
    type Item = u32;
    #[inline(always)]
    fn next(&mut self) -> Option<u32> {
        if self.0.is_empty() {
            None
        } else {
            let i = self.0.lowest();
            self.0 ^= B::bit(i);
            Some(i)
        }
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count() as usize;
        (n, Some(n))
    }
}

impl<B: Bits> ExactSizeIterator for BitIter<B> {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shift_both_ways() {
        assert_eq!(0b100u64.shift(2), 0b10000);
        assert_eq!(0b100u64.shift(-2), 0b1);
        assert_eq!((1u128 << 100).shift(-100), 1);
    }

    #[test]
    fn iterates_lowest_first() {
        let v: Vec<u32> = 0b1010_0001u64.iter().collect();
        assert_eq!(v, vec![0, 5, 7]);
    }
}

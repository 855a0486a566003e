//! Zobrist keys: one random 64-bit number per (colour, kind, bit) and one
//! for the side to move. A position's key is the XOR of the numbers of
//! what stands on it; a move updates it with a few XORs (see
//! [`crate::position::Position::play`]). The numbers come from a fixed
//! SplitMix64 sequence at compile time, so keys are the same on every run
//! and every machine (tests and opening books may rely on them).

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

const fn make_keys() -> ([[[u64; 128]; 4]; 2], u64) {
    let mut t = [[[0u64; 128]; 4]; 2];
    let mut state = 0x6461_6d61_u64; // "dama"
    let mut c = 0;
    while c < 2 {
        let mut k = 0;
        while k < 4 {
            let mut b = 0;
            while b < 128 {
                let (s, v) = splitmix(state);
                state = s;
                t[c][k][b] = v;
                b += 1;
            }
            k += 1;
        }
        c += 1;
    }
    let (_, side) = splitmix(state);
    (t, side)
}

const KEYS: ([[[u64; 128]; 4]; 2], u64) = make_keys();
static PIECE: [[[u64; 128]; 4]; 2] = KEYS.0;

/// The key of a piece of colour `c` (index) and kind `k` (index) on bit `b`.
#[inline(always)]
pub fn piece(c: usize, k: usize, b: u32) -> u64 {
    PIECE[c][k][b as usize]
}

/// XORed in when Black is to move.
pub const SIDE: u64 = KEYS.1;

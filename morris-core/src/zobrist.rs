//! Zobrist keys: random numbers, fixed at compile time, whose XOR over the
//! features of a position identifies it for repetition checks and hashing.

use crate::point::MAX_POINTS;
use crate::Color;

/// The most pieces in hand (twelve men).
pub(crate) const MAX_HAND: usize = 12;

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

pub(crate) struct Keys {
    pub piece: [[u64; MAX_POINTS]; 2],
    pub hand: [[u64; MAX_HAND + 1]; 2],
    pub dark_to_move: u64,
    /// The re-forming ban of a side, by the point the banned move goes to.
    pub ban: [[u64; MAX_POINTS]; 2],
}

const fn make() -> Keys {
    let mut keys = Keys {
        piece: [[0; MAX_POINTS]; 2],
        hand: [[0; MAX_HAND + 1]; 2],
        dark_to_move: 0,
        ban: [[0; MAX_POINTS]; 2],
    };
    let mut state = 0x6D75_6C69_6E6F_2121; // "mulino!!"
    let mut c = 0;
    while c < 2 {
        let mut i = 0;
        while i < MAX_POINTS {
            let (s, k) = splitmix(state);
            keys.piece[c][i] = k;
            let (s, k) = splitmix(s);
            keys.ban[c][i] = k;
            state = s;
            i += 1;
        }
        // Zero pieces in hand hashes to zero so that the moving phase of
        // every variant shares its keys.
        let mut h = 1;
        while h <= MAX_HAND {
            let (s, k) = splitmix(state);
            keys.hand[c][h] = k;
            state = s;
            h += 1;
        }
        c += 1;
    }
    keys.dark_to_move = splitmix(state).1;
    keys
}

pub(crate) static KEYS: Keys = make();

#[inline]
pub(crate) fn piece(c: Color, p: crate::Point) -> u64 {
    KEYS.piece[c.index()][p.index()]
}

#[inline]
pub(crate) fn hand(c: Color, n: u8) -> u64 {
    KEYS.hand[c.index()][(n as usize).min(MAX_HAND)]
}

/// Keys of the state only the rule sets of docs/RULES.md §7 have: dead
/// markers, used lines, removal turns due. Made from a seed of their own so
/// that the keys above, and so every classic position's key, are unchanged.
pub(crate) struct WorldKeys {
    pub marker: [u64; MAX_POINTS],
    pub used: [[u64; 32]; 2],
    /// By the slot (0 the side to move's, 1 the next) and the due's code.
    pub due: [[u64; 64]; 2],
}

const fn make_world() -> WorldKeys {
    let mut keys = WorldKeys {
        marker: [0; MAX_POINTS],
        used: [[0; 32]; 2],
        due: [[0; 64]; 2],
    };
    let mut state = 0x776F_726C_6421_2121; // "world!!!"
    let mut i = 0;
    while i < MAX_POINTS {
        let (s, k) = splitmix(state);
        keys.marker[i] = k;
        state = s;
        i += 1;
    }
    let mut c = 0;
    while c < 2 {
        let mut i = 0;
        while i < 32 {
            let (s, k) = splitmix(state);
            keys.used[c][i] = k;
            state = s;
            i += 1;
        }
        let mut i = 0;
        while i < 64 {
            let (s, k) = splitmix(state);
            keys.due[c][i] = k;
            state = s;
            i += 1;
        }
        c += 1;
    }
    keys
}

pub(crate) static WORLD_KEYS: WorldKeys = make_world();

/// The key of the §7 state (`pending`: the codes of the removals due,
/// as the position makes them); 0 where there is none.
pub(crate) fn world(markers: crate::Bitboard, used: crate::ByColor<u32>, pending: [usize; 2]) -> u64 {
    let mut k = 0;
    for p in markers {
        k ^= WORLD_KEYS.marker[p.index()];
    }
    for c in Color::ALL {
        let mut bits = used[c];
        while bits != 0 {
            k ^= WORLD_KEYS.used[c.index()][bits.trailing_zeros() as usize];
            bits &= bits - 1;
        }
    }
    for (slot, code) in pending.into_iter().enumerate() {
        if code != 0 {
            k ^= WORLD_KEYS.due[slot][code];
        }
    }
    k
}

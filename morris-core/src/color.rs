//! The two sides of a mill game and a pair of values, one per side.

use std::fmt;
use std::ops::{Index, IndexMut, Not};

/// A side: the light pieces or the dark pieces.
///
/// The rule book names the sides by the colour of their pieces; which one
/// moves first is a rule option ([`crate::Rules::first`]), light by default.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    Light,
    Dark,
}

impl Color {
    /// Both colours, light first.
    pub const ALL: [Color; 2] = [Color::Light, Color::Dark];

    /// `0` for light, `1` for dark: the index into tables.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The other side.
    #[inline]
    pub const fn other(self) -> Color {
        match self {
            Color::Light => Color::Dark,
            Color::Dark => Color::Light,
        }
    }

    /// The word used in option values and messages: `light` or `dark`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::Light => "light",
            Color::Dark => "dark",
        }
    }

    /// The one-letter code of the position text: `L` or `D`.
    pub const fn letter(self) -> char {
        match self {
            Color::Light => 'L',
            Color::Dark => 'D',
        }
    }

    /// Reads `L`/`D` (either case).
    pub const fn from_letter(c: char) -> Option<Color> {
        match c {
            'L' | 'l' => Some(Color::Light),
            'D' | 'd' => Some(Color::Dark),
            _ => None,
        }
    }

    /// Reads `light`/`dark`, and the `white`/`black` other programs write.
    pub fn from_name(s: &str) -> Option<Color> {
        match s.to_ascii_lowercase().as_str() {
            "light" | "white" | "l" | "w" => Some(Color::Light),
            "dark" | "black" | "d" | "b" => Some(Color::Dark),
            _ => None,
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        self.other()
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One value per side, indexed by [`Color`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ByColor<T> {
    pub light: T,
    pub dark: T,
}

impl<T> ByColor<T> {
    pub const fn new(light: T, dark: T) -> Self {
        ByColor { light, dark }
    }

    /// The value for `color`, by value.
    #[inline]
    pub fn get(&self, color: Color) -> T
    where
        T: Copy,
    {
        self[color]
    }
}

impl<T> Index<Color> for ByColor<T> {
    type Output = T;
    #[inline]
    fn index(&self, color: Color) -> &T {
        match color {
            Color::Light => &self.light,
            Color::Dark => &self.dark,
        }
    }
}

impl<T> IndexMut<Color> for ByColor<T> {
    #[inline]
    fn index_mut(&mut self, color: Color) -> &mut T {
        match color {
            Color::Light => &mut self.light,
            Color::Dark => &mut self.dark,
        }
    }
}

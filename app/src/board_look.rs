//! The board's look, as the player set it: turned half a turn from the
//! usual side or not, and its theme. `morris-board`'s stylesheet draws each
//! theme; the app keeps the choice in localStorage.

/// A look of the board and its pieces (`board.css` draws each).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Theme {
    #[default]
    Wood,
    Slate,
    Paper,
}

impl Theme {
    pub const ALL: [Theme; 3] = [Theme::Wood, Theme::Slate, Theme::Paper];

    pub const fn id(self) -> &'static str {
        match self {
            Theme::Wood => "wood",
            Theme::Slate => "slate",
            Theme::Paper => "paper",
        }
    }

    /// The theme after this one, round to the first.
    pub fn next(self) -> Theme {
        match self {
            Theme::Wood => Theme::Slate,
            Theme::Slate => Theme::Paper,
            Theme::Paper => Theme::Wood,
        }
    }

    pub fn from_id(id: &str) -> Option<Theme> {
        Theme::ALL.into_iter().find(|t| t.id() == id)
    }

    /// The class that sets the theme's colours (the wood is the default).
    pub const fn class(self) -> Option<&'static str> {
        match self {
            Theme::Wood => None,
            Theme::Slate => Some("board-theme-slate"),
            Theme::Paper => Some("board-theme-paper"),
        }
    }
}

/// How the player wants the board shown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BoardLook {
    /// Turned half a turn from the usual side (own pieces at the bottom).
    pub flip: bool,
    pub theme: Theme,
}

impl BoardLook {
    /// As kept in storage: the theme, then ",flip" when flipped.
    pub fn encode(self) -> String {
        let flip = if self.flip { ",flip" } else { "" };
        format!("{}{flip}", self.theme.id())
    }

    /// From storage; anything unknown reads as the default.
    pub fn decode(text: &str) -> BoardLook {
        let mut parts = text.split(',');
        let theme = parts.next().and_then(Theme::from_id).unwrap_or_default();
        BoardLook {
            flip: parts.any(|p| p == "flip"),
            theme,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_look_survives_storage_and_junk_reads_as_the_wood() {
        for theme in Theme::ALL {
            for flip in [false, true] {
                let look = BoardLook { flip, theme };
                assert_eq!(BoardLook::decode(&look.encode()), look);
            }
        }
        assert_eq!(BoardLook::decode(""), BoardLook::default());
        let round: Vec<Theme> = (0..3)
            .scan(Theme::Wood, |t, _| {
                *t = t.next();
                Some(*t)
            })
            .collect();
        assert_eq!(round, [Theme::Slate, Theme::Paper, Theme::Wood]);
        assert_eq!(BoardLook::decode("marble,upside"), BoardLook::default());
        assert_eq!(
            BoardLook::decode("paper,flip"),
            BoardLook {
                flip: true,
                theme: Theme::Paper
            }
        );
    }
}

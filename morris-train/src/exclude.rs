//! The positions the data must not hold: those of the test suites
//! (`docs/suites/*.book`) and every rotation and reflection of them, so
//! that a suite measures the network on positions it never saw.
//!
//! A suite line is `POSITION ; RESULT ; MOVES` (the placing book's
//! format, `morris_engine::Book`); only its position is read here, of any
//! phase, so a moving position in a suite would be kept out as well. The
//! suites hold placing positions (pieces in hand) and the data holds none,
//! so nothing is expected to be dropped: the check makes it certain.

use std::collections::HashSet;
use std::path::Path;

use morris_core::{Position, PositionTextError, Variant};
use morris_solver::{PlacingKey, Symmetries};

/// Why a suite was not read.
#[derive(Debug, thiserror::Error)]
pub enum SuiteError {
    #[error("cannot read {path}: {source}")]
    Io { path: String, source: std::io::Error },
    #[error("{path}:{line}: {source}")]
    Position {
        path: String,
        line: usize,
        source: PositionTextError,
    },
}

/// Positions up to the board's 16 symmetries.
#[derive(Clone, Debug)]
pub struct Excluded {
    syms: Symmetries,
    keys: HashSet<PlacingKey>,
}

impl Default for Excluded {
    fn default() -> Excluded {
        Excluded::new()
    }
}

impl Excluded {
    /// No position yet.
    pub fn new() -> Excluded {
        Excluded {
            syms: Symmetries::of(Variant::Nine.rules().geometry()),
            keys: HashSet::new(),
        }
    }

    /// The key shared by a position and its symmetric images: the smallest
    /// image of its pieces, the hands and the side to move.
    pub fn key(&self, pos: &Position) -> PlacingKey {
        self.syms.placing_key(pos)
    }

    /// Adds the positions of a suite's text; `path` names it in errors.
    pub fn add_suite(&mut self, text: &str, path: &str) -> Result<(), SuiteError> {
        for (i, line) in text.lines().enumerate() {
            let body = line.split('#').next().unwrap_or_default();
            let position = body.split(';').next().unwrap_or_default().trim();
            if position.is_empty() {
                continue;
            }
            let pos: Position = position.parse().map_err(|source| SuiteError::Position {
                path: path.to_string(),
                line: i + 1,
                source,
            })?;
            self.keys.insert(self.key(&pos));
        }
        Ok(())
    }

    /// Adds the positions of every `.book` file in `dir` (or of the file `dir`).
    pub fn add_suites(&mut self, dir: &Path) -> Result<usize, SuiteError> {
        let io = |source| SuiteError::Io {
            path: dir.display().to_string(),
            source,
        };
        let mut files = Vec::new();
        if dir.is_dir() {
            for entry in std::fs::read_dir(dir).map_err(io)? {
                let path = entry.map_err(io)?.path();
                if path.extension().is_some_and(|x| x == "book") {
                    files.push(path);
                }
            }
        } else {
            files.push(dir.to_path_buf());
        }
        files.sort();
        for file in &files {
            let text = std::fs::read_to_string(file).map_err(|source| SuiteError::Io {
                path: file.display().to_string(),
                source,
            })?;
            self.add_suite(&text, &file.display().to_string())?;
        }
        Ok(files.len())
    }

    /// How many positions (up to symmetry) are kept out.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// Whether `pos` or one of its symmetric images is kept out.
    pub fn contains(&self, pos: &Position) -> bool {
        self.keys.contains(&self.key(pos))
    }
}

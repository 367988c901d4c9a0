//! Why a remote probe has no value.

use thiserror::Error;

use crate::web::WebTableError;

/// Why web table files read over HTTP give no value for a position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RemoteError {
    /// A file or block is not cached and could not be fetched: the page
    /// is offline, or the host cannot be reached. A browser tells a host
    /// on another origin that does not allow the page's (no
    /// `Access-Control-Allow-Origin`) apart from neither, so the message
    /// names that too.
    #[error("needs the network: `{url}` could not be fetched ({why}): offline, the host out of reach, or a host on another origin that does not allow this page's (CORS: Access-Control-Allow-Origin)")]
    Offline { url: String, why: String },
    /// The host answered with an HTTP error.
    #[error("`{url}` answered HTTP {status}")]
    Http { url: String, status: u16 },
    /// The host answered a range request with the whole file (or another
    /// status than 206): it does not serve byte ranges, and the body is
    /// not read.
    #[error("`{url}` answered a range request with HTTP {status}, not 206 Partial Content: the host does not serve byte ranges")]
    NoRanges { url: String, status: u16 },
    /// The host answered another range than the one asked for.
    #[error("`{url}` answered {found} for the range {asked}")]
    WrongRange {
        url: String,
        asked: String,
        found: String,
    },
    /// The manifest is not one this build reads.
    #[error("the manifest `{url}` is refused: {why}")]
    BadManifest { url: String, why: WebTableError },
    /// An index or a block does not check out (SHA-256, CRC-32, length):
    /// it is corrupt, and no value is read from it.
    #[error(transparent)]
    Corrupt(#[from] WebTableError),
}

impl RemoteError {
    /// Whether the probe failed only for want of the network (a block not
    /// cached, the host out of reach), so that it may answer later.
    pub fn needs_network(&self) -> bool {
        matches!(self, RemoteError::Offline { .. })
    }
}

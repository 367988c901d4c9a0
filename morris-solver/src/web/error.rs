//! Why web table files cannot be read, or a block cannot be trusted.

use thiserror::Error;

/// Why a web table file, or a block read from one, is refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum WebTableError {
    #[error("the manifest is not a web tables manifest: {0}")]
    Manifest(String),
    #[error("the manifest is version {0}; this build reads version {version}", version = super::WEB_VERSION)]
    ManifestVersion(u32),
    #[error("the manifest names the rules `{0}`, which this build does not know")]
    UnknownRules(String),
    #[error("the manifest names `{0}`, which is not a class such as 8v6")]
    BadClassName(String),
    #[error("the manifest lists the class {0} twice")]
    ClassTwice(String),
    #[error("the manifest names the file `{0}`, which is not a plain file name")]
    BadFileName(String),
    #[error("the manifest's SHA-256 of `{0}` is not 64 hexadecimal digits")]
    BadSha256(String),
    #[error("not a block index (its first bytes are not the index magic)")]
    BadMagic,
    #[error("block index version {0} is unknown (this build reads version {version})", version = super::WEB_VERSION)]
    UnknownVersion(u16),
    #[error("the block index is truncated")]
    Truncated,
    #[error("the block index has {0} bytes after its end")]
    TrailingBytes(usize),
    #[error("the block index's checksum does not match: it is corrupt")]
    IndexChecksum,
    #[error("the block index is inconsistent: {0}")]
    Corrupt(&'static str),
    #[error("the block index of {class} does not agree with the manifest: {why}")]
    IndexMismatch { class: String, why: &'static str },
    #[error("`{file}` is {found} bytes; the manifest says {expected}")]
    SizeMismatch { file: String, expected: u64, found: u64 },
    #[error("`{0}` does not have the SHA-256 the manifest gives")]
    Sha256Mismatch(String),
    #[error("the block index of {0} is not loaded")]
    IndexNotLoaded(String),
    #[error("block {block} of {class}: {found} bytes given, the block has {expected}")]
    RangeLength {
        class: String,
        block: u32,
        expected: u64,
        found: u64,
    },
    #[error("block {block} of {class} fails its checksum: it is corrupt")]
    BlockChecksum { class: String, block: u32 },
    #[error("block {block} of {class} does not inflate to its entries")]
    BlockCorrupt { class: String, block: u32 },
    #[error("a block of {block} bytes is larger than a file may be ({max} bytes)")]
    BlockTooLarge { block: u64, max: u64 },
    #[error("cannot read `{file}`: {why}")]
    Io { file: String, why: String },
}

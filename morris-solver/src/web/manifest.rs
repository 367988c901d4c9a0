//! The manifest of a set of web table files: `manifest.json`, fetched
//! first, naming every class's index and parts with their sizes and
//! SHA-256.

use morris_core::Rules;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::error::WebTableError;
use super::WEB_VERSION;
use crate::index::Class;

/// What the manifest's `format` field holds.
pub const MANIFEST_FORMAT: &str = "mulino-web-tables";

/// The manifest: the rules and every class the files hold.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Manifest {
    /// [`MANIFEST_FORMAT`].
    pub format: String,
    /// The layout's version, [`WEB_VERSION`].
    pub version: u32,
    /// The rules as in a position text (`nine`).
    pub rules: String,
    pub classes: Vec<ManifestClass>,
}

/// One class: its index, fetched once, and its parts, read by range.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ManifestClass {
    /// Light and dark pieces on the board, `8v6`; hands empty.
    pub class: String,
    pub entries: u64,
    pub blocks: u64,
    /// Packed bytes (four entries each) a block holds before deflate.
    pub block_bytes: u64,
    pub index: ManifestFile,
    pub parts: Vec<ManifestFile>,
}

/// One file: its name beside the manifest, its bytes, its SHA-256 (hex).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ManifestFile {
    pub file: String,
    pub bytes: u64,
    pub sha256: String,
}

/// The SHA-256 of `bytes`, in lower-case hexadecimal.
pub fn sha256_hex(bytes: &[u8]) -> String {
    hex(&Sha256::digest(bytes))
}

pub(super) fn hex(digest: &[u8]) -> String {
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

impl ManifestFile {
    /// The entry of the file `file` holding `bytes`.
    pub fn of(file: &str, bytes: &[u8]) -> ManifestFile {
        ManifestFile {
            file: file.to_owned(),
            bytes: bytes.len() as u64,
            sha256: sha256_hex(bytes),
        }
    }

    fn check(&self) -> Result<(), WebTableError> {
        let plain = !self.file.is_empty()
            && !self.file.starts_with('.')
            && self
                .file
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'));
        if !plain {
            return Err(WebTableError::BadFileName(self.file.chars().take(64).collect()));
        }
        if self.sha256.len() != 64 || !self.sha256.chars().all(|c| matches!(c, '0'..='9' | 'a'..='f')) {
            return Err(WebTableError::BadSha256(self.file.clone()));
        }
        Ok(())
    }
}

/// The class a name such as `8v6` means: pieces on the board, hands empty.
pub fn parse_class(name: &str) -> Result<Class, WebTableError> {
    let bad = || WebTableError::BadClassName(name.chars().take(16).collect());
    let (light, dark) = name.split_once('v').ok_or_else(bad)?;
    let count = |s: &str| {
        (!s.is_empty() && s.len() <= 2 && s.bytes().all(|b| b.is_ascii_digit()))
            .then(|| s.parse::<u8>().ok())
            .flatten()
    };
    Ok(Class::moving(
        count(light).ok_or_else(bad)?,
        count(dark).ok_or_else(bad)?,
    ))
}

impl Manifest {
    /// Reads and checks a manifest: its format and version, its rules,
    /// each class named once, each file a plain name with a SHA-256.
    pub fn parse(text: &str) -> Result<Manifest, WebTableError> {
        let manifest: Manifest =
            serde_json::from_str(text).map_err(|e| WebTableError::Manifest(e.to_string()))?;
        manifest.check()?;
        Ok(manifest)
    }

    /// The manifest as JSON text.
    pub fn to_json(&self) -> String {
        // A manifest is strings and numbers only: serde_json cannot fail on it.
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// The rules the manifest names.
    pub fn rules(&self) -> Result<Rules, WebTableError> {
        self.rules
            .parse()
            .map_err(|_| WebTableError::UnknownRules(self.rules.chars().take(64).collect()))
    }

    /// Checks a manifest read by other means than [`Manifest::parse`] (a
    /// page's `JSON.parse`): its format and version, its rules, each
    /// class named once, each file a plain name with a SHA-256.
    pub fn check(&self) -> Result<(), WebTableError> {
        if self.format != MANIFEST_FORMAT {
            return Err(WebTableError::Manifest(format!(
                "its format is `{}`, not `{MANIFEST_FORMAT}`",
                self.format.chars().take(64).collect::<String>()
            )));
        }
        if self.version != WEB_VERSION {
            return Err(WebTableError::ManifestVersion(self.version));
        }
        self.rules()?;
        let mut seen = Vec::with_capacity(self.classes.len());
        for class in &self.classes {
            let parsed = parse_class(&class.class)?;
            if seen.contains(&parsed) {
                return Err(WebTableError::ClassTwice(class.class.clone()));
            }
            seen.push(parsed);
            class.index.check()?;
            for part in &class.parts {
                part.check()?;
            }
        }
        Ok(())
    }
}

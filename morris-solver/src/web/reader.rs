//! The reader of web table files, free of any I/O: it is given the
//! manifest and each class's index bytes, says which byte range of which
//! file a position's value is in, and reads the value from those bytes.
//! The browser fetches the range with `Range:`; [`super::DiskWebTables`]
//! reads it from a file.

use morris_core::{Bitboard, Color, Position, Rules};

use super::block_index::BlockIndex;
use super::class_name;
use super::error::WebTableError;
use super::manifest::{parse_class, sha256_hex, Manifest, ManifestClass};
use crate::index::Class;
use crate::reduced::SymIndexer;
use crate::value::{Value, FAR};
use crate::wdl_entries::{DRAW, LOSS, WIN};

/// The range of one file that holds the block a position's value is in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlockRange {
    /// The file, as the manifest names it (beside the manifest).
    pub file: String,
    /// The first byte of the block in the file.
    pub start: u64,
    /// The byte after the block's last: `Range: bytes=start-(end-1)`.
    pub end: u64,
    /// The class whose table the block belongs to.
    pub class: Class,
    /// The block's number in its class.
    pub block: u32,
    /// The entry of the position (the smallest of its symmetric images).
    pub entry: u64,
}

impl BlockRange {
    /// The bytes the range spans.
    pub fn len(&self) -> u64 {
        self.end.saturating_sub(self.start)
    }

    /// Never true: a block holds at least one byte.
    pub fn is_empty(&self) -> bool {
        self.end <= self.start
    }
}

/// A block inflated: the codes of its entries, packed four a byte.
#[derive(Clone, Debug)]
pub struct InflatedBlock {
    first_entry: u64,
    packed: Vec<u8>,
}

impl InflatedBlock {
    /// The packed bytes the block holds in memory.
    pub fn bytes(&self) -> usize {
        self.packed.len()
    }

    /// The value of entry `entry` of the class, if the block holds it: a
    /// win or loss without its distance ([`FAR`]), or a draw.
    pub fn value(&self, entry: u64) -> Option<Value> {
        let i = usize::try_from(entry.checked_sub(self.first_entry)?).ok()?;
        let code = (self.packed.get(i / 4)? >> (2 * (i % 4))) & 3;
        match code {
            LOSS => Some(Value::Loss(FAR)),
            DRAW => Some(Value::Draw),
            WIN => Some(Value::Win(FAR)),
            _ => None,
        }
    }
}

/// One class of the manifest, with its index once it is loaded.
#[derive(Debug)]
struct WebClass {
    listed: ManifestClass,
    loaded: Option<(BlockIndex, SymIndexer)>,
}

/// The classes of a manifest, in its order: a few dozen at most (Nine
/// has 28), looked up one after another (a map would cost the wasm
/// module more code than the lookups cost time).
#[derive(Debug, Default)]
struct Classes(Vec<(Class, WebClass)>);

impl Classes {
    fn get(&self, class: &Class) -> Option<&WebClass> {
        self.0.iter().find(|(c, _)| c == class).map(|(_, w)| w)
    }

    fn get_mut(&mut self, class: &Class) -> Option<&mut WebClass> {
        self.0.iter_mut().find(|(c, _)| c == class).map(|(_, w)| w)
    }

    fn contains_key(&self, class: &Class) -> bool {
        self.get(class).is_some()
    }

    fn iter(&self) -> impl Iterator<Item = (&Class, &WebClass)> {
        self.0.iter().map(|(c, w)| (c, w))
    }
}

/// Web table files as a manifest and the indexes loaded so far.
#[derive(Debug)]
pub struct WebTables {
    rules: Rules,
    classes: Classes,
}

impl WebTables {
    /// The tables of a manifest, no index loaded yet.
    pub fn new(manifest: &Manifest) -> Result<WebTables, WebTableError> {
        let rules = manifest.rules()?;
        let mut classes = Classes::default();
        for listed in &manifest.classes {
            let class = parse_class(&listed.class)?;
            let web = WebClass {
                listed: listed.clone(),
                loaded: None,
            };
            if classes.contains_key(&class) {
                return Err(WebTableError::ClassTwice(listed.class.clone()));
            }
            classes.0.push((class, web));
        }
        Ok(WebTables { rules, classes })
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Every class of the manifest (in its order), and its files.
    pub fn classes(&self) -> impl Iterator<Item = (Class, &ManifestClass)> {
        self.classes.iter().map(|(&c, w)| (c, &w.listed))
    }

    /// Loads the index of `class` from its file's bytes: they must have
    /// the manifest's SHA-256, and the index must agree with the manifest.
    pub fn load_index(&mut self, class: Class, bytes: &[u8]) -> Result<(), WebTableError> {
        let name = class_name(class);
        let web = self
            .classes
            .get_mut(&class)
            .ok_or_else(|| WebTableError::IndexNotLoaded(name.clone()))?;
        let listed = &web.listed;
        if bytes.len() as u64 != listed.index.bytes {
            return Err(WebTableError::SizeMismatch {
                file: listed.index.file.clone(),
                expected: listed.index.bytes,
                found: bytes.len() as u64,
            });
        }
        if sha256_hex(bytes) != listed.index.sha256 {
            return Err(WebTableError::Sha256Mismatch(listed.index.file.clone()));
        }
        let index = BlockIndex::parse(bytes)?;
        let mismatch = |why| WebTableError::IndexMismatch {
            class: name.clone(),
            why,
        };
        if index.class != class || index.rules != self.rules {
            return Err(mismatch("another class or rule set"));
        }
        if index.entries != listed.entries
            || index.blocks() as u64 != listed.blocks
            || u64::from(index.block) != listed.block_bytes
        {
            return Err(mismatch("another count of entries or blocks"));
        }
        if index.parts() != listed.parts.len() {
            return Err(mismatch("another count of parts"));
        }
        for (j, part) in listed.parts.iter().enumerate() {
            if index.part_len(j) != Some(part.bytes) {
                return Err(mismatch("a part of another size"));
            }
        }
        let indexer = index.indexer()?;
        web.loaded = Some((index, indexer));
        Ok(())
    }

    /// The class of the manifest whose index a position's value needs
    /// (its own or its mirror's), or `None` when no class holds it (see
    /// [`WebTables::locate`]).
    pub fn class_for(&self, pos: &Position) -> Option<Class> {
        self.table_of(pos).map(|(class, ..)| class)
    }

    /// Whether the index of `class` is loaded.
    pub fn is_loaded(&self, class: Class) -> bool {
        self.classes.get(&class).is_some_and(|w| w.loaded.is_some())
    }

    /// The class holding a position, and the position's pieces and side
    /// to move as that class numbers them (exchanged for a mirror).
    fn table_of(&self, pos: &Position) -> Option<(Class, Bitboard, Bitboard, Color)> {
        if *pos.rules() != self.rules || pos.due().is_some() || pos.rules().one_time_mill {
            return None;
        }
        if pos.markers().any() || pos.used_lines(Color::Light) != 0 || pos.used_lines(Color::Dark) != 0 {
            return None;
        }
        let class = Class::of(pos);
        if class.light_hand != 0 || class.dark_hand != 0 {
            return None;
        }
        let (light, dark, turn) = (pos.pieces(Color::Light), pos.pieces(Color::Dark), pos.turn());
        let found = if self.classes.contains_key(&class) {
            (class, light, dark, turn)
        } else {
            (Class::moving(class.dark, class.light), dark, light, !turn)
        };
        self.classes.contains_key(&found.0).then_some(found)
    }

    /// The range a position's value is in: `Ok(None)` for a position no
    /// class of the manifest holds (the placing, a rule's state the tables
    /// do not index, a class not made); an error if its class's index is
    /// not loaded. A class also answers for its mirror, light and dark
    /// exchanged, as [`crate::Tablebase::probe`] reads them.
    pub fn locate(&self, pos: &Position) -> Result<Option<BlockRange>, WebTableError> {
        let Some((class, light, dark, turn)) = self.table_of(pos) else {
            return Ok(None);
        };
        let Some(web) = self.classes.get(&class) else {
            return Ok(None);
        };
        let (index, indexer) = web
            .loaded
            .as_ref()
            .ok_or_else(|| WebTableError::IndexNotLoaded(class_name(class)))?;
        // The smallest of the symmetric images: the entries that repeat a
        // smaller one may hold anything (see the module's docs).
        let entry = indexer.canonical(light, dark, turn);
        let block = entry / 4 / u64::from(index.block);
        let span = usize::try_from(block)
            .ok()
            .and_then(|k| index.span(k))
            .ok_or(WebTableError::Corrupt("an entry lies past the last block"))?;
        let file = web.listed.parts.get(span.part).ok_or(WebTableError::Corrupt(
            "a block lies in a part the manifest does not list",
        ))?;
        Ok(Some(BlockRange {
            file: file.file.clone(),
            start: span.start,
            end: span.end,
            class,
            block: block as u32,
            entry,
        }))
    }

    /// The block of `range`, given its bytes: refused unless it has its
    /// length and CRC-32 and inflates to its entries, each a value.
    pub fn inflate(&self, range: &BlockRange, bytes: &[u8]) -> Result<InflatedBlock, WebTableError> {
        let name = || class_name(range.class);
        let (index, _) = self
            .classes
            .get(&range.class)
            .and_then(|w| w.loaded.as_ref())
            .ok_or_else(|| WebTableError::IndexNotLoaded(name()))?;
        let k = range.block as usize;
        let expected = index.span(k).map_or(0, |s| s.end - s.start);
        if bytes.len() as u64 != expected {
            return Err(WebTableError::RangeLength {
                class: name(),
                block: range.block,
                expected,
                found: bytes.len() as u64,
            });
        }
        let packed = index.inflate(k, bytes)?;
        let first_byte = u64::from(range.block) * u64::from(index.block);
        Ok(InflatedBlock {
            first_entry: first_byte * 4,
            packed,
        })
    }

    /// The value of the position `range` was located for, from the
    /// block's bytes: a win or loss without its distance, or a draw.
    pub fn value(&self, range: &BlockRange, bytes: &[u8]) -> Result<Value, WebTableError> {
        self.inflate(range, bytes)?
            .value(range.entry)
            .ok_or_else(|| WebTableError::BlockCorrupt {
                class: class_name(range.class),
                block: range.block,
            })
    }
}

//! Files of game records, as `morris match --records` writes them: the
//! records one after the other, each its tags and then its turns.

/// Splits a file of records into one text per game: a new game starts at
/// a tag line that follows move text.
pub(crate) fn split_records(text: &str) -> Vec<String> {
    let mut games: Vec<String> = Vec::new();
    let mut current = String::new();
    let mut in_moves = false;
    for line in text.lines() {
        let t = line.trim();
        if t.starts_with('[') && in_moves {
            games.push(std::mem::take(&mut current));
            in_moves = false;
        } else if !t.is_empty() && !t.starts_with('[') {
            in_moves = true;
        }
        current.push_str(line);
        current.push('\n');
    }
    if !current.trim().is_empty() {
        games.push(current);
    }
    games
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_of_match_records_splits_into_its_games() {
        let text = "[Variant \"nine\"]\n[Game \"1\"]\n[Result \"*\"]\n\n1. d6 a4 *\n\n\
                    [Variant \"nine\"]\n[Game \"2\"]\n[Result \"*\"]\n\n1. f4 *\n";
        let games = split_records(text);
        assert_eq!(games.len(), 2);
        assert!(games[0].contains("d6 a4") && !games[0].contains("f4"));
        assert!(games[1].contains("[Game \"2\"]") && games[1].contains("1. f4"));
    }
}

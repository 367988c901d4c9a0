//! An engine the match runner talks to: a child process that speaks the
//! protocol of `morris engine` on its stdin and stdout. Its lines are read
//! on a thread of their own so that every wait has a deadline; dropping a
//! player asks it to quit and kills it if it does not.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// A running engine.
#[derive(Debug)]
pub struct Player {
    /// `engine1` or `engine2`, for messages.
    pub label: &'static str,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Player {
    /// Starts `command` (split into words like a shell does, with quotes)
    /// and waits up to `startup` for its `uciok` (an engine that loads
    /// endgame tables may take a while).
    pub fn start(label: &'static str, command: &str, startup: Duration) -> Result<Player, String> {
        let words = split_command(command)?;
        let Some((program, args)) = words.split_first() else {
            return Err(format!("{label}: the command is empty"));
        };
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("{label}: cannot start `{command}`: {e}"))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("{label}: no pipes to `{command}`"));
        };
        let (tx, lines) = mpsc::channel();
        let reader = thread::Builder::new()
            .name(format!("{label} reader"))
            .spawn(move || {
                let mut out = BufReader::new(stdout);
                let mut buf = Vec::new();
                loop {
                    buf.clear();
                    match out.read_until(b'\n', &mut buf) {
                        Ok(0) | Err(_) => return,
                        Ok(_) => {
                            let line = String::from_utf8_lossy(&buf).trim_end().to_string();
                            if tx.send(line).is_err() {
                                return;
                            }
                        }
                    }
                }
            });
        let mut player = Player {
            label,
            child,
            stdin,
            lines,
        };
        reader.map_err(|e| format!("{label}: cannot start a reader thread: {e}"))?;
        player.send("uci")?;
        player.expect("uciok", startup)?;
        Ok(player)
    }

    pub fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| format!("{}: cannot write to the engine: {e}", self.label))
    }

    /// Waits for a line whose first word is `word` and returns it. Error
    /// lines the engine reports on the way are passed to `on_error`.
    pub fn expect_with(
        &mut self,
        word: &str,
        timeout: Duration,
        mut on_error: impl FnMut(&str),
    ) -> Result<String, String> {
        // A timeout too long to add to the clock waits without a deadline.
        let deadline = Instant::now().checked_add(timeout);
        loop {
            let line = match deadline {
                Some(d) => self
                    .lines
                    .recv_timeout(d.saturating_duration_since(Instant::now())),
                None => self.lines.recv().map_err(|_| RecvTimeoutError::Disconnected),
            };
            match line {
                Ok(line) => {
                    if line.split_whitespace().next() == Some(word) {
                        return Ok(line);
                    }
                    if line.starts_with("info string error") {
                        on_error(&line);
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(format!(
                        "{}: no `{word}` within {} ms",
                        self.label,
                        timeout.as_millis()
                    ))
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(format!("{}: the engine exited", self.label))
                }
            }
        }
    }

    pub fn expect(&mut self, word: &str, timeout: Duration) -> Result<String, String> {
        self.expect_with(word, timeout, |_| {})
    }

    /// Sends `isready` and waits up to `timeout` for `readyok`.
    pub fn sync(&mut self, timeout: Duration) -> Result<(), String> {
        self.send("isready")?;
        self.expect("readyok", timeout).map(|_| ())
    }
}

impl Drop for Player {
    fn drop(&mut self) {
        let _ = self.send("stop");
        let _ = self.send("quit");
        let deadline = Instant::now() + Duration::from_millis(300);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Splits a command line into words: spaces separate, single or double
/// quotes keep spaces inside a word, a backslash escapes the next character.
pub fn split_command(command: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    let mut chars = command.chars();
    while let Some(c) = chars.next() {
        match (c, quote) {
            ('\\', q) if q != Some('\'') => {
                if let Some(next) = chars.next() {
                    word.push(next);
                    in_word = true;
                }
            }
            (q @ ('"' | '\''), None) => {
                quote = Some(q);
                in_word = true;
            }
            (c, Some(q)) if c == q => quote = None,
            (c, None) if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            (c, _) => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if quote.is_some() {
        return Err(format!("unclosed quote in `{command}`"));
    }
    if in_word {
        words.push(word);
    }
    Ok(words)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::split_command;

    #[test]
    fn commands_split_like_a_shell() {
        assert_eq!(
            split_command(r#"target/release/morris engine --level 3"#).unwrap(),
            ["target/release/morris", "engine", "--level", "3"]
        );
        assert_eq!(
            split_command(r#""my engine" --set 'a b' x\ y """#).unwrap(),
            ["my engine", "--set", "a b", "x y", ""]
        );
        assert!(split_command("a 'b").is_err());
        assert!(split_command("   ").unwrap().is_empty());
    }
}

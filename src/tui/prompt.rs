//! The target path prompt, edited as a shell's line is (readline's keys):
//! it starts with the current path; Left/Right, Home/End and Ctrl-A/Ctrl-E
//! move; Backspace and Delete erase; Ctrl-U erases to the start, Ctrl-K to
//! the end, and Ctrl-W the word before the cursor (back to whitespace, as
//! bash's unix-word-rubout does).

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// A line being typed, with its cursor (in characters).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Prompt {
    chars: Vec<char>,
    cursor: usize,
}

/// What a key did to the prompt.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// Still typing.
    Editing,
    /// Enter: the line.
    Accepted(String),
    /// Esc.
    Cancelled,
}

impl Prompt {
    /// A prompt holding `text`, the cursor at its end.
    pub fn new(text: &str) -> Prompt {
        let chars: Vec<char> = text.chars().collect();
        Prompt {
            cursor: chars.len(),
            chars,
        }
    }

    /// The line.
    pub fn text(&self) -> String {
        self.chars.iter().collect()
    }

    /// The line before and after the cursor.
    pub fn split(&self) -> (String, String) {
        (
            self.chars[..self.cursor].iter().collect(),
            self.chars[self.cursor..].iter().collect(),
        )
    }

    /// Applies one key.
    pub fn key(&mut self, key: KeyEvent) -> Answer {
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        match key.code {
            KeyCode::Enter => return Answer::Accepted(self.text()),
            KeyCode::Esc => return Answer::Cancelled,
            KeyCode::Char('a') if ctrl => self.cursor = 0,
            KeyCode::Char('e') if ctrl => self.cursor = self.chars.len(),
            KeyCode::Char('u') if ctrl => self.erase(0, self.cursor),
            KeyCode::Char('k') if ctrl => self.erase(self.cursor, self.chars.len()),
            KeyCode::Char('w') if ctrl => self.erase(self.word_start(), self.cursor),
            KeyCode::Char(_) if ctrl => {}
            KeyCode::Char(c) => {
                self.chars.insert(self.cursor, c);
                self.cursor += 1;
            }
            KeyCode::Backspace if self.cursor > 0 => self.erase(self.cursor - 1, self.cursor),
            KeyCode::Delete if self.cursor < self.chars.len() => {
                self.erase(self.cursor, self.cursor + 1)
            }
            KeyCode::Left => self.cursor = self.cursor.saturating_sub(1),
            KeyCode::Right => self.cursor = (self.cursor + 1).min(self.chars.len()),
            KeyCode::Home => self.cursor = 0,
            KeyCode::End => self.cursor = self.chars.len(),
            _ => {}
        }
        Answer::Editing
    }

    /// Removes `from..to` and leaves the cursor at `from`.
    fn erase(&mut self, from: usize, to: usize) {
        self.chars.drain(from..to);
        self.cursor = from;
    }

    /// Where the word before the cursor starts: back over whitespace, then
    /// over what is not.
    fn word_start(&self) -> usize {
        let mut i = self.cursor;
        while i > 0 && self.chars[i - 1].is_whitespace() {
            i -= 1;
        }
        while i > 0 && !self.chars[i - 1].is_whitespace() {
            i -= 1;
        }
        i
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn press(p: &mut Prompt, code: KeyCode) -> Answer {
        p.key(KeyEvent::from(code))
    }

    fn ctrl(p: &mut Prompt, c: char) -> Answer {
        p.key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL))
    }

    fn typed(p: &mut Prompt, s: &str) {
        for c in s.chars() {
            press(p, KeyCode::Char(c));
        }
    }

    #[test]
    fn it_starts_with_the_path_and_edits_as_a_shell_line() {
        let mut p = Prompt::new("/var/tmp");
        assert_eq!(p.split(), ("/var/tmp".into(), String::new()));
        ctrl(&mut p, 'a');
        typed(&mut p, "/mnt");
        assert_eq!(p.text(), "/mnt/var/tmp");
        ctrl(&mut p, 'e');
        typed(&mut p, " x y");
        ctrl(&mut p, 'w');
        assert_eq!(p.text(), "/mnt/var/tmp x ");
        ctrl(&mut p, 'w');
        assert_eq!(p.text(), "/mnt/var/tmp ");
        press(&mut p, KeyCode::Backspace);
        press(&mut p, KeyCode::Left);
        press(&mut p, KeyCode::Left);
        press(&mut p, KeyCode::Delete);
        assert_eq!(p.split(), ("/mnt/var/t".into(), "p".into()));
        ctrl(&mut p, 'k');
        assert_eq!(p.text(), "/mnt/var/t");
        ctrl(&mut p, 'u');
        assert_eq!(p.text(), "");
        // A control key that means nothing here types nothing.
        ctrl(&mut p, 'x');
        typed(&mut p, "/srv/é");
        press(&mut p, KeyCode::Home);
        press(&mut p, KeyCode::Backspace);
        assert_eq!(
            press(&mut p, KeyCode::Enter),
            Answer::Accepted("/srv/é".into())
        );
        assert_eq!(press(&mut p, KeyCode::Esc), Answer::Cancelled);
    }
}

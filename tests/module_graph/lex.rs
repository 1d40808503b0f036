//! A small lexer for Rust source: identifiers, `::`, string literals and punctuation,
//! with comments, numbers, chars and lifetimes skipped. Enough to find module
//! declarations, `use` trees and paths, not a parser.

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Tok {
    Ident(String),
    /// `::`
    PathSep,
    /// A string literal's contents (only `#[path = "…"]` needs them).
    Str(String),
    Punct(char),
}

/// Splits Rust source into identifiers, `::`, string literals and single punctuation,
/// skipping comments, whitespace, numbers, chars and lifetimes.
pub(crate) fn tokens(src: &str) -> Vec<Tok> {
    let c: Vec<char> = src.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < c.len() {
        let ch = c[i];
        if ch.is_whitespace() {
            i += 1;
        } else if ch == '/' && c.get(i + 1) == Some(&'/') {
            while i < c.len() && c[i] != '\n' {
                i += 1;
            }
        } else if ch == '/' && c.get(i + 1) == Some(&'*') {
            let mut depth = 0;
            while i < c.len() {
                if c[i] == '/' && c.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if c[i] == '*' && c.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if ch == '"' {
            let (s, end) = string_at(&c, i + 1);
            out.push(Tok::Str(s));
            i = end;
        } else if (ch == 'r' || ch == 'b')
            && matches!(raw_string_start(&c, i), Some((_, _)))
            && !prev_is_ident(&c, i)
        {
            let (hashes, quote) = raw_string_start(&c, i).unwrap();
            if hashes == usize::MAX {
                // b"…": an ordinary string with a prefix.
                let (s, end) = string_at(&c, quote + 1);
                out.push(Tok::Str(s));
                i = end;
            } else {
                let mut j = quote + 1;
                let mut s = String::new();
                loop {
                    if j >= c.len() {
                        break;
                    }
                    if c[j] == '"' && (1..=hashes).all(|k| c.get(j + k) == Some(&'#')) {
                        j += 1 + hashes;
                        break;
                    }
                    s.push(c[j]);
                    j += 1;
                }
                out.push(Tok::Str(s));
                i = j;
            }
        } else if ch == '\'' {
            // A char literal ('a', '\n', '\u{1F600}') or a lifetime ('a).
            if c.get(i + 1) == Some(&'\\') {
                let mut j = i + 2;
                while j < c.len() && c[j] != '\'' {
                    j += 1;
                }
                i = j + 1;
            } else if c.get(i + 2) == Some(&'\'') {
                i += 3;
            } else {
                i += 1;
                while i < c.len() && (c[i].is_alphanumeric() || c[i] == '_') {
                    i += 1;
                }
            }
        } else if ch.is_alphabetic() || ch == '_' {
            let start = i;
            while i < c.len() && (c[i].is_alphanumeric() || c[i] == '_') {
                i += 1;
            }
            let word: String = c[start..i].iter().collect();
            // Raw identifiers (r#type) keep their name.
            if word == "r" && c.get(i) == Some(&'#') {
                i += 1;
                continue;
            }
            out.push(Tok::Ident(word));
        } else if ch.is_ascii_digit() {
            while i < c.len() && (c[i].is_alphanumeric() || c[i] == '_' || c[i] == '.') {
                if c[i] == '.' && !c.get(i + 1).is_some_and(char::is_ascii_digit) {
                    break;
                }
                i += 1;
            }
        } else if ch == ':' && c.get(i + 1) == Some(&':') {
            out.push(Tok::PathSep);
            i += 2;
        } else {
            out.push(Tok::Punct(ch));
            i += 1;
        }
    }
    out
}

fn prev_is_ident(c: &[char], i: usize) -> bool {
    i > 0 && (c[i - 1].is_alphanumeric() || c[i - 1] == '_')
}

/// At `r"`, `r#"`, `br"`, `br#"` or `b"`: the number of hashes (`usize::MAX` for `b"`)
/// and the index of the opening quote.
fn raw_string_start(c: &[char], i: usize) -> Option<(usize, usize)> {
    let mut j = i;
    if c.get(j) == Some(&'b') {
        j += 1;
        if c.get(j) == Some(&'"') {
            return Some((usize::MAX, j));
        }
    }
    if c.get(j) != Some(&'r') {
        return None;
    }
    j += 1;
    let mut hashes = 0;
    while c.get(j) == Some(&'#') {
        hashes += 1;
        j += 1;
    }
    (c.get(j) == Some(&'"')).then_some((hashes, j))
}

/// The contents of a string literal whose body starts at `i`, and the index after it.
fn string_at(c: &[char], mut i: usize) -> (String, usize) {
    let mut s = String::new();
    while i < c.len() && c[i] != '"' {
        if c[i] == '\\' {
            i += 1;
        }
        if i < c.len() {
            s.push(c[i]);
        }
        i += 1;
    }
    (s, i + 1)
}

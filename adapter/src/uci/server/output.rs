//! Where responses go, and where commands come from: one line at a time.

use std::fmt;
use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, PoisonError};

use crate::uci::response::UciResponse;

/// Where responses go: one line at a time, flushed, from any thread.
pub(super) struct Output<W> {
    writer: Mutex<W>,
    failed: AtomicBool,
}

impl<W: Write> Output<W> {
    /// Writes to `writer`.
    pub(super) fn new(writer: W) -> Output<W> {
        Output {
            writer: Mutex::new(writer),
            failed: AtomicBool::new(false),
        }
    }

    /// Whether a write has failed (the GUI is gone).
    pub(super) fn failed(&self) -> bool {
        self.failed.load(Ordering::Relaxed)
    }

    /// Writes one line: a response, or anything else shown in protocol form.
    pub(super) fn send(&self, response: &impl fmt::Display) {
        let text = format!("{response}\n");
        let mut w = self.writer.lock().unwrap_or_else(PoisonError::into_inner);
        if w.write_all(text.as_bytes())
            .and_then(|()| w.flush())
            .is_err()
        {
            self.failed.store(true, Ordering::Relaxed);
        }
    }

    /// Writes `info string error: <text>`.
    pub(super) fn error(&self, text: impl Into<String>) {
        self.send(&UciResponse::Error(text.into()));
    }
}

/// Reads one line into `buf` (without its end), keeping at most `cap` bytes. Returns
/// `None` at the end of input, else whether the line was cut.
pub(super) fn read_line(
    input: &mut impl BufRead,
    buf: &mut Vec<u8>,
    cap: usize,
) -> io::Result<Option<bool>> {
    buf.clear();
    let mut any = false;
    let mut truncated = false;
    loop {
        let available = match input.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            return Ok(any.then_some(truncated));
        }
        any = true;
        let (chunk, used, found) = match available.iter().position(|b| *b == b'\n') {
            Some(i) => (&available[..i], i + 1, true),
            None => (available, available.len(), false),
        };
        let room = cap.saturating_sub(buf.len());
        if chunk.len() > room {
            truncated = true;
        }
        buf.extend_from_slice(&chunk[..chunk.len().min(room)]);
        input.consume(used);
        if found {
            return Ok(Some(truncated));
        }
    }
}

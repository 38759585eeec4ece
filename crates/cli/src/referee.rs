//! The referee line protocol of RULES.md §9.
//!
//! Each request line gets one answer line
//! ([`asalto_core::referee::answer`]), and the referee keeps going.

use std::io::{self, BufRead, Write};

use asalto_core::referee::answer;

/// Answers every line of `input` on `output`, flushing after each.
pub fn run(mut input: impl BufRead, mut output: impl Write) -> io::Result<()> {
    let mut line = Vec::new();
    loop {
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            return Ok(());
        }
        writeln!(output, "{}", answer(&String::from_utf8_lossy(&line)))?;
        output.flush()?;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_gets_exactly_one_answer() {
        let input = "assault\n\n\u{0}\u{ff}garbage\r\nassault d4-d5\nmurray c6-c7 d4-d5 c7-c6 d5-d4 c6-c7 d4-d5 c7-c6 d5-d4";
        let mut out = Vec::new();
        run(input.as_bytes(), &mut out).expect("io");
        let out = String::from_utf8(out).expect("utf-8");
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 5, "{out}");
        assert_eq!(lines[0], "ongoing d4-d5");
        assert!(lines[1].starts_with("error "));
        assert!(lines[2].starts_with("error "));
        assert!(lines[3].starts_with("ongoing "));
        assert_eq!(lines[4], "draw");
    }
}

//! Running the `asalto` binary from the tests.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `asalto` with `args`, writing `stdin` to it.
pub fn asalto(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_asalto"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("asalto runs");
    // Write from a thread: a long answer fills the stdout pipe while we are
    // still writing, and one thread doing both would deadlock.
    let mut input = child.stdin.take().expect("stdin");
    let text = stdin.to_owned();
    let writer = std::thread::spawn(move || input.write_all(text.as_bytes()));
    let output = child.wait_with_output().expect("asalto exits");
    writer.join().expect("writer thread").expect("write");
    output
}

/// What `o` printed on stdout.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

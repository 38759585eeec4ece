//! A web host for the tests: a folder's files on a local port, with
//! `Range` requests answered honestly or not.

use std::io::Write;

/// How a test's web host answers a `Range` request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Host {
    /// `206` and exactly the bytes asked.
    Honest,
    /// `200` and the whole file.
    Whole,
}

/// Serves the files of `dir` on a local port until the test ends, one
/// request a connection; returns the folder's address (ending in `/`).
pub fn serve(dir: &std::path::Path, host: Host) -> String {
    use std::io::{BufRead, BufReader};
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a local port");
    let address = format!("http://{}/", listener.local_addr().expect("address"));
    let dir = dir.to_owned();
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let mut reader = BufReader::new(&stream);
            let (mut path, mut range) = (String::new(), None);
            let mut line = String::new();
            while reader.read_line(&mut line).is_ok_and(|n| n > 2) {
                let lower = line.to_ascii_lowercase();
                if let Some(rest) = line.strip_prefix("GET ") {
                    path = rest
                        .split(' ')
                        .next()
                        .unwrap_or("")
                        .trim_start_matches('/')
                        .to_owned();
                } else if let Some(r) = lower.strip_prefix("range: bytes=") {
                    range = r.trim().split_once('-').and_then(|(a, b)| {
                        Some((a.parse::<usize>().ok()?, b.parse::<usize>().ok()?))
                    });
                }
                line.clear();
            }
            let mut out = &stream;
            let file = (!path.contains("..")).then(|| std::fs::read(dir.join(&path)).ok());
            let (status, body) = match (file.flatten(), range, host) {
                (None, _, _) => ("404 Not Found", Vec::new()),
                (Some(all), Some((a, b)), Host::Honest) if a < all.len() => (
                    "206 Partial Content",
                    all[a..=b.min(all.len() - 1)].to_vec(),
                ),
                (Some(all), _, _) => ("200 OK", all),
            };
            let _ = write!(
                out,
                "HTTP/1.1 {status}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                body.len()
            );
            let _ = out.write_all(&body);
        }
    });
    address
}

//! Packs read over HTTP (`--pack https://…`): one `Range` request a read,
//! as a board in the browser reads them, and the same refusals of a host
//! that sends whole files or changed bytes.

use std::time::Duration;

use asalto_solve::tables::pack::{PackError, PackFiles, PackSource};

/// Whether `path` is an address to read over HTTP rather than a file.
pub(crate) fn is_address(path: &str) -> bool {
    path.starts_with("https://") || path.starts_with("http://")
}

/// A folder on a web host.
#[derive(Debug)]
struct Host {
    /// The folder's address, ending in `/`.
    folder: String,
    agent: ureq::Agent,
}

/// Opens the pack at `address`: its index file (`…/asalto-….bin`), or a
/// folder whose `manifest.json` names it.
pub(crate) fn open(address: &str) -> Result<PackFiles, PackError> {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .timeout_global(Some(Duration::from_secs(60)))
        .http_status_as_error(false)
        .build()
        .into();
    let (folder, index) = match address.rsplit_once('/') {
        Some((folder, name)) if name.ends_with(".bin") => (format!("{folder}/"), name.to_owned()),
        _ => {
            let folder = format!("{}/", address.trim_end_matches('/'));
            let manifest = get(&agent, &format!("{folder}manifest.json"), None)?;
            (folder, index_named(&String::from_utf8_lossy(&manifest))?)
        }
    };
    PackFiles::from_source(Box::new(Host { folder, agent }), &index)
}

/// The index file a manifest names.
fn index_named(manifest: &str) -> Result<String, PackError> {
    let refuse = || PackError::Io("manifest.json names no index file".to_owned());
    let after = manifest.split_once("\"index\"").ok_or_else(refuse)?.1;
    let name = after.split('"').nth(1).ok_or_else(refuse)?;
    let plain = name.starts_with("asalto-")
        && name.ends_with(".bin")
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.');
    if plain {
        Ok(name.to_owned())
    } else {
        Err(refuse())
    }
}

/// The body of `url`, or of its bytes `range` (first, length).
fn get(agent: &ureq::Agent, url: &str, range: Option<(u64, u32)>) -> Result<Vec<u8>, PackError> {
    let io = |why: String| PackError::Io(format!("{url}: {why}"));
    let mut request = agent.get(url);
    if let Some((first, length)) = range {
        let last = first + u64::from(length.max(1)) - 1;
        request = request.header("Range", format!("bytes={first}-{last}"));
    }
    let mut response = request.call().map_err(|e| io(e.to_string()))?;
    let status = response.status().as_u16();
    let limit = range.map_or(1 << 20, |(_, n)| u64::from(n));
    match (status, range) {
        (206, Some(_)) | (200, None) => {}
        (200, Some(_)) => {
            return Err(io(
                "the host sends the whole file, not the range asked (it does not serve Range requests)"
                    .to_owned(),
            ));
        }
        (404, _) => return Err(io("no such file (HTTP 404)".to_owned())),
        (s, _) => return Err(io(format!("HTTP {s}"))),
    }
    if response
        .headers()
        .get("content-encoding")
        .is_some_and(|e| e != "identity")
    {
        return Err(io(
            "the host compresses what it sends, so a range is not the file's bytes".to_owned(),
        ));
    }
    response
        .body_mut()
        .with_config()
        .limit(limit)
        .read_to_vec()
        .map_err(|e| io(e.to_string()))
}

impl PackSource for Host {
    fn read(&mut self, name: &str, offset: u64, length: u32) -> Result<Vec<u8>, PackError> {
        let url = format!("{}{name}", self.folder);
        get(&self.agent, &url, Some((offset, length)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_manifest_names_its_index_and_nothing_else_passes() {
        let good = r#"{ "format": "asalto-pack", "index": "asalto-f6333d350d90358b.bin" }"#;
        assert_eq!(
            index_named(good).as_deref(),
            Ok("asalto-f6333d350d90358b.bin")
        );
        for bad in [
            "{}",
            r#"{ "index": "../../etc/passwd" }"#,
            r#"{ "index": "asalto-x.bin?q=1" }"#,
            r#"{ "index": 3 }"#,
        ] {
            assert!(index_named(bad).is_err(), "{bad}");
        }
        assert!(is_address("https://example.org/pack/"));
        assert!(!is_address("/work/pack"));
    }
}

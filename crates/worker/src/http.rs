//! A pack's bytes over HTTP: one `Range` request for each block or
//! directory (one range each, no `If-Match`), those of a round sent
//! together; every block that passed its checksum kept in the Cache API
//! (`asalto-tables`), so that a position seen once answers again offline
//! and without a request. A host that ignores ranges is refused before
//! its whole file comes down.

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;
use web_sys::{AbortController, Cache, Headers, Request, RequestInit, Response, WorkerGlobalScope};

use asalto_solve::tables::pack::Need;

use crate::tables::{HEAD, Source};

/// The Cache API's cache for a pack's blocks.
const CACHE: &str = "asalto-tables";

/// A pack's files on a host: the index's address, the parts beside it.
#[derive(Debug)]
pub struct Http {
    index: String,
    cache: Option<Cache>,
    requests: u32,
}

fn scope() -> WorkerGlobalScope {
    js_sys::global().unchecked_into()
}

/// The message of a failed call into the browser.
fn said(e: JsValue) -> String {
    e.dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| e.as_string())
        .unwrap_or_else(|| format!("{e:?}"))
}

impl Http {
    /// The pack whose index file is at `index` (an absolute address).
    pub async fn new(index: String) -> Http {
        let cache = match scope().caches() {
            Ok(caches) => JsFuture::from(caches.open(CACHE))
                .await
                .ok()
                .and_then(|c| c.dyn_into::<Cache>().ok()),
            Err(_) => None,
        };
        Http {
            index,
            cache,
            requests: 0,
        }
    }

    /// The address of part `part` (0: the index), beside the index.
    fn address(&self, parts: &[String], part: u16) -> Result<String, String> {
        if part == 0 {
            return Ok(self.index.clone());
        }
        let name = parts
            .get(usize::from(part) - 1)
            .ok_or_else(|| format!("the pack has no part {part}"))?;
        let folder = self.index.rfind('/').map_or("", |i| &self.index[..=i]);
        Ok(format!("{folder}{name}"))
    }

    /// The Cache API's key of `length` bytes at `offset` of `address`.
    fn key(address: &str, offset: u64, length: u32) -> String {
        let joint = if address.contains('?') { '&' } else { '?' };
        format!("{address}{joint}bytes={offset}-{length}")
    }

    async fn cached(&self, key: &str) -> Option<Vec<u8>> {
        let cache = self.cache.as_ref()?;
        let found = JsFuture::from(cache.match_with_str(key)).await.ok()?;
        let response = found.dyn_into::<Response>().ok()?;
        let buffer = JsFuture::from(response.array_buffer().ok()?).await.ok()?;
        Some(js_sys::Uint8Array::new(&buffer).to_vec())
    }

    /// Starts the request for `length` bytes at `offset` of `address`.
    fn start(
        address: &str,
        offset: u64,
        length: u32,
    ) -> Result<(JsFuture, AbortController), String> {
        let headers = Headers::new().map_err(said)?;
        let last = offset + u64::from(length.max(1)) - 1;
        headers
            .set("Range", &format!("bytes={offset}-{last}"))
            .map_err(said)?;
        let controller = AbortController::new().map_err(said)?;
        let init = RequestInit::new();
        init.set_method("GET");
        init.set_headers(&headers);
        init.set_signal(Some(&controller.signal()));
        let request = Request::new_with_str_and_init(address, &init).map_err(said)?;
        Ok((
            JsFuture::from(scope().fetch_with_request(&request)),
            controller,
        ))
    }

    /// The bytes a started request brings.
    async fn finish(
        address: &str,
        (request, controller): (JsFuture, AbortController),
    ) -> Result<Vec<u8>, String> {
        let response: Response = request
            .await
            .map_err(|e| format!("{address} cannot be fetched ({}): the host may refuse other sites (CORS) or be offline", said(e)))?
            .dyn_into()
            .map_err(said)?;
        match response.status() {
            206 => {}
            200 => {
                // Its whole file is on its way: stop it.
                controller.abort();
                return Err(format!(
                    "the host of {address} ignores Range requests (it sends whole files)"
                ));
            }
            status => return Err(format!("{address}: HTTP {status}")),
        }
        let buffer = JsFuture::from(response.array_buffer().map_err(said)?)
            .await
            .map_err(said)?;
        Ok(js_sys::Uint8Array::new(&buffer).to_vec())
    }
}

impl Source for Http {
    async fn head(&mut self) -> Result<Vec<u8>, String> {
        let index = self.index.clone();
        let key = Http::key(&index, 0, HEAD);
        if let Some(bytes) = self.cached(&key).await {
            return Ok(bytes);
        }
        self.requests += 1;
        let bytes = Http::finish(&index, Http::start(&index, 0, HEAD)?).await?;
        // Kept once it opened: the worker keeps it after that.
        if let Some(cache) = &self.cache {
            keep(cache, &key, &bytes);
        }
        Ok(bytes)
    }

    async fn read(&mut self, parts: &[String], needs: &[Need]) -> Result<Vec<Vec<u8>>, String> {
        let mut found: Vec<Option<Vec<u8>>> = Vec::new();
        let mut addresses = Vec::new();
        for need in needs {
            let address = self.address(parts, need.part)?;
            found.push(
                self.cached(&Http::key(&address, need.offset, need.length))
                    .await,
            );
            addresses.push(address);
        }
        // Every request of the round is sent before any is awaited.
        let mut started = Vec::new();
        for ((need, address), found) in needs.iter().zip(&addresses).zip(found) {
            started.push(match found {
                Some(bytes) => Ok(bytes),
                None => Err(Http::start(address, need.offset, need.length)?),
            });
        }
        let mut out = Vec::new();
        for (started, address) in started.into_iter().zip(&addresses) {
            out.push(match started {
                Ok(bytes) => bytes,
                Err(request) => {
                    self.requests += 1;
                    Http::finish(address, request).await?
                }
            });
        }
        Ok(out)
    }

    fn keep(&mut self, parts: &[String], need: &Need, bytes: &[u8]) {
        if let (Some(cache), Ok(address)) = (&self.cache, self.address(parts, need.part)) {
            keep(cache, &Http::key(&address, need.offset, need.length), bytes);
        }
    }

    fn requests(&self) -> u32 {
        self.requests
    }
}

/// Puts `bytes` in `cache` under `key` (a failure only costs a request
/// later).
fn keep(cache: &Cache, key: &str, bytes: &[u8]) {
    let mut body = bytes.to_vec();
    if let Ok(response) = Response::new_with_opt_u8_array(Some(&mut body)) {
        let _ = cache.put_with_str(key, &response);
    }
}

//! What the page gives away as files: the position shown as a figure, an
//! SVG (`asalto-diagram`'s, the same as `asalto diagram` writes) and a PNG
//! of it at the screen's pixel ratio, downloaded through a link the page
//! clicks; and a review's graph, as an SVG beside it.

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{
    Blob, BlobPropertyBag, Document, HtmlAnchorElement, HtmlCanvasElement, HtmlImageElement, Url,
};

/// Offers `blob` for download as `name`.
fn offer(document: &Document, blob: &Blob, name: &str) -> Result<(), JsValue> {
    let url = Url::create_object_url_with_blob(blob)?;
    let link: HtmlAnchorElement = document.create_element("a")?.dyn_into()?;
    link.set_href(&url);
    link.set_download(name);
    link.click();
    // The download has its own copy: the address can go once it started.
    let revoke = Closure::once_into_js(move || {
        let _ = Url::revoke_object_url(&url);
    });
    if let Some(window) = web_sys::window() {
        let _ = window
            .set_timeout_with_callback_and_timeout_and_arguments_0(revoke.unchecked_ref(), 10_000);
    }
    Ok(())
}

/// Downloads `svg` as `name`.
pub(crate) fn svg_file(document: &Document, svg: &str, name: &str) -> Result<(), JsValue> {
    let options = BlobPropertyBag::new();
    options.set_type("image/svg+xml");
    let parts = js_sys::Array::of1(&JsValue::from_str(svg));
    let blob = Blob::new_with_str_sequence_and_options(&parts, &options)?;
    offer(document, &blob, name)
}

/// Downloads `svg` as `asalto.svg`, and drawn at `scale` times its `size`
/// as `asalto.png`.
pub(crate) fn figure(document: &Document, svg: &str, size: u32, scale: f64) -> Result<(), JsValue> {
    let options = BlobPropertyBag::new();
    options.set_type("image/svg+xml");
    let parts = js_sys::Array::of1(&JsValue::from_str(svg));
    let blob = Blob::new_with_str_sequence_and_options(&parts, &options)?;
    offer(document, &blob, "asalto.svg")?;
    // The PNG: the SVG drawn on a canvas of the screen's pixels.
    let image = HtmlImageElement::new()?;
    let pixels = (f64::from(size) * scale).round() as u32;
    let canvas: HtmlCanvasElement = document.create_element("canvas")?.dyn_into()?;
    canvas.set_width(pixels);
    canvas.set_height(pixels);
    let url = Url::create_object_url_with_blob(&blob)?;
    let on_load = {
        let (image, document, url) = (image.clone(), document.clone(), url.clone());
        Closure::once_into_js(move || {
            let drawn = canvas
                .get_context("2d")
                .ok()
                .flatten()
                .and_then(|c| c.dyn_into::<web_sys::CanvasRenderingContext2d>().ok())
                .map(|ctx| {
                    ctx.draw_image_with_html_image_element_and_dw_and_dh(
                        &image,
                        0.0,
                        0.0,
                        f64::from(pixels),
                        f64::from(pixels),
                    )
                });
            let _ = Url::revoke_object_url(&url);
            if drawn.is_some() {
                let save = Closure::once_into_js(move |png: JsValue| {
                    if let Ok(png) = png.dyn_into::<Blob>() {
                        let _ = offer(&document, &png, "asalto.png");
                    }
                });
                let _ = canvas.to_blob(save.unchecked_ref());
            }
        })
    };
    image.set_onload(Some(on_load.unchecked_ref()));
    image.set_src(&url);
    Ok(())
}

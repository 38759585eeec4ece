//! A board's frames and size: at most one redraw per animation frame,
//! the canvases fitted to their box and the pixel ratio, the colours read
//! again when the colour scheme changes.

use std::rc::Rc;

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::ResizeObserver;

use super::LiveBoard;
use crate::render::{self, Sprites};
use crate::root;
use asalto_ui::app::{Msg, PageMsg};

impl LiveBoard {
    /// Asks for one redraw at the next animation frame.
    pub(super) fn request_frame(&self) {
        let mut view = self.view.borrow_mut();
        if view.frame_pending {
            return;
        }
        if let Some(callback) = self.on_frame.get() {
            view.frame_pending = view
                .window
                .request_animation_frame(callback.as_ref().unchecked_ref())
                .is_ok();
        }
    }

    /// Draws the frame at `time`, and asks for another while pieces move.
    pub(super) fn frame(&self, time: f64) {
        let animating = {
            let mut view = self.view.borrow_mut();
            view.frame_pending = false;
            view.app.update(Msg::Page(PageMsg::Tick(time)));
            let view = &mut *view;
            render::draw(
                &view.layers,
                &view.app,
                &view.theme,
                view.scale,
                &mut view.sprites,
            );
            view.app.animating()
        };
        if animating {
            self.request_frame();
        }
    }

    /// Fits the canvas backing store to its CSS size and the pixel ratio,
    /// if either changed.
    pub(crate) fn resize(self: &Rc<Self>) {
        let (w, h) = {
            let mut view = self.view.borrow_mut();
            let rect = view.canvas.get_bounding_client_rect();
            let scale = view.window.device_pixel_ratio().max(1.0);
            let (w, h) = (
                (rect.width() * scale).round() as u32,
                (rect.height() * scale).round() as u32,
            );
            let same = view.scale == scale
                && view.app.size() == (rect.width(), rect.height())
                && (view.canvas.width(), view.canvas.height()) == (w, h);
            if same {
                return;
            }
            view.scale = scale;
            for canvas in [&view.canvas, &view.base] {
                canvas.set_width(w);
                canvas.set_height(h);
            }
            // A new size clears the base layer: draw it again.
            view.sprites = Sprites::default();
            (rect.width(), rect.height())
        };
        self.dispatch(Msg::Page(PageMsg::Resize(w, h)));
    }

    /// Watches the canvas's own box, which an embedding page may change.
    pub(crate) fn observe_size(self: &Rc<Self>) -> Result<(), JsValue> {
        let weak = Rc::downgrade(self);
        let on_resize = Closure::<dyn FnMut()>::new(move || {
            if let Some(board) = weak.upgrade() {
                board.resize();
            }
        });
        let observer = ResizeObserver::new(on_resize.as_ref().unchecked_ref())?;
        observer.observe(&self.canvas());
        let _ = self.observer.set((observer, on_resize));
        Ok(())
    }

    /// Re-reads the colours from CSS (after a colour-scheme change).
    pub(crate) fn retheme(&self) {
        {
            let mut view = self.view.borrow_mut();
            view.theme = root::read_theme(&view.window, &view.canvas);
        }
        self.request_frame();
    }
}

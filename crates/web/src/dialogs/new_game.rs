//! The New game dialog: a preset (named with its board and source), who
//! plays each side, and every rule option, written out as rule-set text and
//! checked by the core crate; its words follow the board's language and the
//! chosen preset's side names. Built on first use; Start sends
//! [`GameMsg::NewGame`] through the board's [`Sender`].

use std::cell::{Cell, OnceCell};
use std::rc::Rc;

use asalto_core::{KEYS, ParseRulesError, Preset, Rules, Side, key_values};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use wasm_split_helpers::wasm_split;
use web_sys::{
    Document, Element, Event, EventTarget, HtmlButtonElement, HtmlDialogElement, HtmlInputElement,
    HtmlSelectElement,
};

use asalto_search::Level;

use crate::events::{self, Listeners, Sender};
use crate::parts::Unloaded;
use crate::root::Root;
use asalto_ui::app::{ComputerMsg, GameMsg, Msg, PageMsg};
use asalto_ui::computer::Player;
use asalto_ui::lang::{Lang, Say, T};
use asalto_ui::say::{engine_errors, text};
use asalto_ui::words::rules as words;

/// What the dialog opens with: the board's rules, players, pause between
/// the computer's moves (ms) and language.
pub(crate) type Current = (Rules, [Player; 2], u32, Lang);

/// The choices of pause between moves when the computer plays itself (ms).
const PAUSES: [(&str, T); 4] = [
    ("300", words::SHORT_PAUSE),
    ("1000", t!["1 s"]),
    ("2000", t!["2 s"]),
    ("4000", t!["4 s"]),
];

/// How an element's words are written.
type Write = Box<dyn Fn(Say) -> String>;

/// Words that are a message with the side names filled in.
fn message(t: T) -> Write {
    Box::new(move |say| say.t(&t))
}

/// The dialog's elements.
pub struct NewGameDialog {
    dialog: HtmlDialogElement,
    preset: HtmlSelectElement,
    /// Who plays the attackers and the defenders: "human" or a level number.
    players: [HtmlSelectElement; 2],
    pause: HtmlSelectElement,
    /// One control per key of [`KEYS`]: a select or a text input.
    controls: Vec<Element>,
    text: Element,
    error: Element,
    start: HtmlButtonElement,
    /// Every element with words, and how they are written.
    texts: Vec<(Element, Write)>,
    /// The board's language, as the dialog was opened.
    lang: Cell<Lang>,
    listeners: Listeners,
}

impl std::fmt::Debug for NewGameDialog {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("NewGameDialog").finish_non_exhaustive()
    }
}

fn create<T: JsCast>(document: &Document, tag: &str) -> Result<T, JsValue> {
    document
        .create_element(tag)?
        .dyn_into()
        .map_err(|_| JsValue::from_str(tag))
}

impl NewGameDialog {
    /// Builds the dialog's form inside the board's `#new-game`.
    pub fn build(root: &Root) -> Result<NewGameDialog, JsValue> {
        let dialog: HtmlDialogElement = root.find("new-game")?;
        let document = &root
            .document()
            .ok_or_else(|| JsValue::from_str("asalto: the board is in no document"))?;
        let mut texts: Vec<(Element, Write)> = Vec::new();
        let form: Element = create(document, "form")?;
        form.set_attribute("method", "dialog")?;
        let heading: Element = create(document, "h2")?;
        heading.set_id("ng-title");
        texts.push((heading.clone(), message(words::NEW_GAME)));
        form.append_child(&heading)?;

        let preset: HtmlSelectElement = create(document, "select")?;
        preset.set_id("ng-preset");
        for &p in Preset::ALL {
            let option: Element = create(document, "option")?;
            option.set_attribute("value", p.name())?;
            texts.push((
                option.clone(),
                Box::new(move |say: Say| text::preset_line(say.lang, p)),
            ));
            preset.append_child(&option)?;
        }
        let (row, label) = labelled(document, &preset)?;
        texts.push((label, message(words::GAME)));
        form.append_child(&row)?;

        let mut player = |id: &str, side: Side| -> Result<HtmlSelectElement, JsValue> {
            let select: HtmlSelectElement = create(document, "select")?;
            select.set_id(id);
            let human: Element = create(document, "option")?;
            human.set_attribute("value", "human")?;
            texts.push((human.clone(), message(words::PERSON)));
            select.append_child(&human)?;
            for &level in Level::ALL {
                let option: Element = create(document, "option")?;
                option.set_attribute("value", &level.number().to_string())?;
                let write = move |say: Say| {
                    let level = format!(
                        "{} ({})",
                        say.raw(&words::level(level)),
                        say.raw(&words::level_strength(level))
                    );
                    say.f(&words::COMPUTER_AT, &[&level])
                };
                texts.push((option.clone(), Box::new(write)));
                select.append_child(&option)?;
            }
            let (row, label) = labelled(document, &select)?;
            texts.push((
                label,
                Box::new(move |say: Say| say.of(side).t(&words::PLAYED_BY)),
            ));
            form.append_child(&row)?;
            Ok(select)
        };
        let players = [
            player("ng-attacker", Side::Attacker)?,
            player("ng-defender", Side::Defender)?,
        ];
        let pause: HtmlSelectElement = create(document, "select")?;
        pause.set_id("ng-pause");
        for (value, label) in PAUSES {
            let option: Element = create(document, "option")?;
            option.set_attribute("value", value)?;
            texts.push((option.clone(), message(label)));
            pause.append_child(&option)?;
        }
        let (row, label) = labelled(document, &pause)?;
        texts.push((label, message(words::PAUSE_BETWEEN)));
        form.append_child(&row)?;

        let details: Element = create(document, "details")?;
        let summary: Element = create(document, "summary")?;
        texts.push((summary.clone(), message(words::RULE_OPTIONS)));
        details.append_child(&summary)?;
        let grid: Element = create(document, "div")?;
        grid.set_class_name("options");
        let mut controls = Vec::new();
        for key in KEYS {
            let control: Element = match key_values(key) {
                Some(values) => {
                    let select: Element = create(document, "select")?;
                    for &value in values {
                        let option: Element = create(document, "option")?;
                        option.set_attribute("value", value)?;
                        let write = move |say: Say| {
                            words::value(key, value).map_or_else(|| value.to_owned(), |t| say.t(&t))
                        };
                        texts.push((option.clone(), Box::new(write)));
                        select.append_child(&option)?;
                    }
                    select
                }
                None => {
                    let input: Element = create(document, "input")?;
                    input.set_attribute("type", "text")?;
                    input.set_attribute("autocomplete", "off")?;
                    input.set_attribute("spellcheck", "false")?;
                    input
                }
            };
            control.set_attribute("data-key", key)?;
            let (row, label) = labelled(document, &control)?;
            if let Some(t) = words::option(key) {
                texts.push((label, message(t)));
            }
            grid.append_child(&row)?;
            controls.push(control);
        }
        details.append_child(&grid)?;
        form.append_child(&details)?;

        let text: Element = create(document, "p")?;
        text.set_class_name("rules-text");
        form.append_child(&text)?;
        let error: Element = create(document, "p")?;
        error.set_class_name("error");
        error.set_attribute("role", "alert")?;
        form.append_child(&error)?;

        let buttons: Element = create(document, "div")?;
        buttons.set_class_name("buttons");
        let cancel: HtmlButtonElement = create(document, "button")?;
        texts.push((cancel.clone().into(), message(words::CANCEL)));
        cancel.set_value("cancel");
        cancel.set_type("submit");
        cancel.set_attribute("formnovalidate", "")?;
        let start: HtmlButtonElement = create(document, "button")?;
        texts.push((start.clone().into(), message(words::START)));
        start.set_type("submit");
        start.set_value("start");
        start.set_class_name("primary");
        start.set_id("ng-start");
        buttons.append_child(&cancel)?;
        buttons.append_child(&start)?;
        form.append_child(&buttons)?;
        dialog.append_child(&form)?;
        Ok(NewGameDialog {
            dialog,
            preset,
            players,
            pause,
            controls,
            text,
            error,
            start,
            texts,
            lang: Cell::new(Lang::En),
            listeners: Listeners::default(),
        })
    }

    /// Makes the New game button of `root` open the dialog with what
    /// `current` gives; a game started there goes to `sender`. The dialog is
    /// built on first use, so it costs nothing at startup.
    pub(crate) fn attach(
        root: &Root,
        listeners: &Listeners,
        sender: Sender,
        current: impl Fn() -> Option<Current> + 'static,
    ) -> Result<(), JsValue> {
        let open: EventTarget = root.find("new")?;
        let built: Rc<OnceCell<Rc<NewGameDialog>>> = Rc::default();
        let root = root.clone();
        listeners.on(&open, "click", true, move |_: Event| {
            let Some(current) = current() else { return };
            let (built, root, sender) = (Rc::clone(&built), root.clone(), sender.clone());
            events::spawn(async move {
                let dialog = built.get().cloned();
                match open_dialog(dialog, root, sender.clone(), current).await {
                    Ok(Some(dialog)) => {
                        let _ = built.set(dialog);
                    }
                    Ok(None) => {}
                    Err(Unloaded) => sender.send(Msg::Page(PageMsg::PartUnloaded)),
                }
            });
        })
    }

    /// Opens `dialog` on `current`, building it on `root` (its Start
    /// sending to `sender`) if it is `None`; the dialog, unless it could
    /// not be built (logged).
    fn open(
        dialog: Option<Rc<NewGameDialog>>,
        root: &Root,
        sender: Sender,
        current: Current,
    ) -> Option<Rc<NewGameDialog>> {
        let dialog = match dialog {
            Some(dialog) => dialog,
            None => match NewGameDialog::build(root).and_then(|d| d.wire(sender)) {
                Ok(dialog) => dialog,
                Err(e) => {
                    web_sys::console::error_1(&e);
                    return None;
                }
            },
        };
        dialog.show(current);
        Some(dialog)
    }

    /// Checks edits as they are made; Start starts the game.
    fn wire(self, sender: Sender) -> Result<Rc<NewGameDialog>, JsValue> {
        let this = Rc::new(self);
        let weak = Rc::downgrade(&this);
        let on = |target: &EventTarget, kind: &str, handler: fn(&NewGameDialog, &Sender)| {
            let (weak, sender) = (weak.clone(), sender.clone());
            this.listeners.on(target, kind, true, move |_: Event| {
                if let Some(d) = weak.upgrade() {
                    handler(&d, &sender);
                }
            })
        };
        on(this.preset.as_ref(), "change", |d, _| {
            if let Ok(preset) = d.preset.value().parse::<Preset>() {
                d.fill(&preset.rules(), d.lang.get());
            }
        })?;
        let form: EventTarget = this
            .dialog
            .first_element_child()
            .ok_or_else(|| JsValue::from_str("asalto: dialog without form"))?
            .into();
        on(&form, "input", |d, _| d.check(d.lang.get()))?;
        on(this.dialog.as_ref(), "close", |d, sender| {
            if d.dialog.return_value() == "start"
                && let Ok(rules) = d.read()
            {
                sender.send(Msg::Computer(ComputerMsg::WatchPause(
                    d.pause.value().parse().unwrap_or(1000),
                )));
                sender.send(Msg::Game(GameMsg::NewGame(rules, d.read_players())));
            }
        })?;
        Ok(this)
    }

    fn show(&self, (rules, players, pause, lang): Current) {
        self.lang.set(lang);
        self.preset.set_value(rules.preset.name());
        for (select, player) in self.players.iter().zip(players) {
            select.set_value(&match player {
                Player::Human => "human".to_owned(),
                Player::Computer(level) => level.number().to_string(),
            });
        }
        self.pause.set_value(&pause.to_string());
        self.fill(&rules, lang);
        // Escape closes without setting a return value: clear the last one.
        self.dialog.set_return_value("");
        let _ = self.dialog.show_modal();
    }

    /// Sets every control to `rules`, and writes the words in `lang` with
    /// its side names.
    fn fill(&self, rules: &Rules, lang: Lang) {
        let say = Say::new(lang, rules.preset);
        for (element, write) in &self.texts {
            element.set_text_content(Some(&write(say)));
        }
        for (control, key) in self.controls.iter().zip(KEYS) {
            let value = rules.value(key);
            if let Some(select) = control.dyn_ref::<HtmlSelectElement>() {
                select.set_value(&value);
            } else if let Some(input) = control.dyn_ref::<HtmlInputElement>() {
                // Starting points as the chosen game has them: an empty
                // field that says so in words, not the rule's value.
                let preset = rules.preset.rules().value(key);
                if matches!(key, "attackers" | "defenders") && value == preset {
                    let shown = words::value(key, &value)
                        .map_or_else(|| value.replace(',', ", "), |t| say.t(&t));
                    input.set_value("");
                    let _ =
                        input.set_attribute("placeholder", &say.f(&words::AS_PRESET, &[&shown]));
                } else {
                    input.set_value(&value);
                    let _ = input.remove_attribute("placeholder");
                }
                if key == "defender-wins-below" {
                    let _ = input.set_attribute("placeholder", &format!("{}", rules.threshold()));
                }
            }
        }
        self.check(lang);
    }

    /// The players the selects describe ("human" or a level).
    fn read_players(&self) -> [Player; 2] {
        self.players.clone().map(|select| {
            select
                .value()
                .parse()
                .ok()
                .and_then(Level::from_number)
                .map_or(Player::Human, Player::Computer)
        })
    }

    /// The rule set the controls describe.
    fn read(&self) -> Result<Rules, ParseRulesError> {
        let mut text = self.preset.value();
        for (control, key) in self.controls.iter().zip(KEYS) {
            let value = if let Some(select) = control.dyn_ref::<HtmlSelectElement>() {
                select.value()
            } else if let Some(input) = control.dyn_ref::<HtmlInputElement>() {
                input.value().split_whitespace().collect()
            } else {
                String::new()
            };
            if !value.is_empty() {
                text.push_str(&format!(";{key}={value}"));
            }
        }
        text.parse::<Rules>()
    }

    /// Shows the rule-set text, or what is wrong with it, in `lang`.
    fn check(&self, lang: Lang) {
        match self.read() {
            Ok(rules) => {
                let say = Say::new(lang, rules.preset);
                let rules = rules.to_string();
                self.text
                    .set_text_content(Some(&say.f(&words::RULE_SET, &[&rules])));
                self.error.set_text_content(None);
                self.start.set_disabled(false);
            }
            Err(e) => {
                let say = self
                    .preset
                    .value()
                    .parse()
                    .map_or(Say::plain(lang), |preset| Say::new(lang, preset));
                let message = say.f(&words::BAD_RULES, &[&engine_errors::rules(say, &e)]);
                self.text.set_text_content(None);
                self.error.set_text_content(Some(&message));
                self.start.set_disabled(true);
            }
        }
    }
}

/// A control in a label, with an empty span for the label's words.
fn labelled(document: &Document, control: &Element) -> Result<(Element, Element), JsValue> {
    let wrapper: Element = create(document, "label")?;
    let span: Element = create(document, "span")?;
    wrapper.append_child(&span)?;
    wrapper.append_child(control)?;
    Ok((wrapper, span))
}

/// [`NewGameDialog::open`], in a part of the module of its own (see
/// `crate::parts`): the dialog's code is fetched when it first opens.
#[wasm_split(new_game, fallible, preload(prefetch))]
pub(crate) fn open_dialog(
    dialog: Option<Rc<NewGameDialog>>,
    root: Root,
    sender: Sender,
    current: Current,
) -> Result<Option<Rc<NewGameDialog>>, Unloaded> {
    Ok(NewGameDialog::open(dialog, &root, sender, current))
}

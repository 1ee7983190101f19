/* What every table page (play/ and balance-of-power/) shares: its state kept in this browser's
   localStorage (nothing is sent anywhere), an undo history of every action, and re-rendering that keeps the
   keyboard focus where it was. Pages call Coalition.play.store(key, fresh) and Coalition.play.mount(...); the
   validator's form pages keep their fields in such a store too, through formstore.js (Coalition.play.keepForm). */
(function () {
  "use strict";
  var C = (window.Coalition = window.Coalition || {});
  if (C.play) return;
  var HISTORY_LIMIT = 300;     // undo steps kept; the oldest are dropped first
  var NOTHING_TO_UNDO = "Nothing to undo";   // the undo button's words with no step to take back, and Ctrl+Z's

  function clone(value) { return JSON.parse(JSON.stringify(value)); }

  // A label ("start the game") read out alone in the status line starts as a sentence.
  function sentence(text) { return text.charAt(0).toUpperCase() + text.slice(1); }

  // A step as the buttons write it: "+5", "−5" (a minus sign, not a hyphen).
  function signed(n) { return (n > 0 ? "+" : n < 0 ? "\u2212" : "") + Math.abs(n); }

  // "1 time", "2 times": a count with its noun.
  function count(n, one, many) { return n + " " + (n === 1 ? one : many || one + "s"); }

  // A seed for a random draw at the table (a shuffle, a tie's order): any 32-bit number, from the browser's
  // cryptographic source, stated beside what it drew so anyone can draw it again.
  function randomSeed() {
    var word = new Uint32Array(1);
    window.crypto.getRandomValues(word);
    return word[0];
  }

  // The one wording of every table page for a game (or match) found in this browser on arrival; one already
  // over is not "in progress" (its result is on the page, with the button for a new one).
  function resumed(what, finished) {
    return finished ? "The finished " + what + " is back, with its result." : "The " + what + " in progress is back.";
  }

  // The entry saved under `key` and its text as stored (the text tells another tab's save from this tab's own);
  // `unless`: a text already known, not parsed again (a long game's history is large, and this runs every tap);
  // `area`: "sessionStorage" for this tab's own copy (a form page's), else the shared localStorage.
  function readSaved(key, unless, area) {
    try {
      var text = window[area || "localStorage"].getItem(key);
      if (text === null || text === unless) return null;
      var saved = JSON.parse(text);
      return saved && saved.state ? { text: text, saved: saved } : null;
    } catch (error) {
      return null;     // storage off or a damaged entry: start afresh rather than fail
    }
  }

  // A state with an undo history, saved after every change under `key`. The same page open in two tabs (a
  // phone restoring an old tab, a shared link opened again) shares that entry: a tab follows what another
  // saved (followTabs), and never writes over an entry it has not seen. `ownTabs` (a form page): each tab is
  // its own workspace, two decks compared side by side. Its state is kept twice: in sessionStorage, which is
  // this tab's alone and outlives a reload (so a reload brings back this tab's list, not the one another tab
  // typed last), and in the shared entry, which a new tab (or the browser started again) starts from.
  function store(key, fresh, ownTabs) {
    var found = (ownTabs && readSaved(key, null, "sessionStorage")) || readSaved(key);
    var self = {
      state: found ? found.saved.state : fresh(),
      history: found ? found.saved.history || [] : [],
      listeners: []
    };
    var known = found ? found.text : null;      // the entry as this tab last read or wrote it
    // `said`: what the status line said of the change, kept so that another tab following it can say it too.
    self.save = function (said) {
      if (self.follow()) return false;          // another tab saved since: its state is shown, this change is dropped
      var text = JSON.stringify({ state: self.state, history: self.history, said: said || null });
      try {
        if (ownTabs) window.sessionStorage.setItem(key, text);
        window.localStorage.setItem(key, text);
        known = text;
      } catch (error) { /* private mode or a full disk: the page still works for this visit */ }
      return true;
    };
    // Takes up the entry another tab saved, when there is one this tab has not seen; true when it did. The undo
    // history comes with it: one history for every tab, the saving tab's, whose every step is a state a tab
    // showed, in order, and whose label the undo button names. Keeping this tab's own history instead would let
    // an undo here bring back a state from before the other tab's steps and wipe them without a word.
    self.follow = function (more) {
      var now = !ownTabs && readSaved(key, known);
      if (!now) return false;                   // nothing newer (an entry removed is no state to follow)
      known = now.text;
      self.state = now.saved.state;
      self.history = now.saved.history || [];
      var said = ["Updated from another tab.", now.saved.said, more].filter(Boolean).reduce(function (text, next) {
        return text + (/[.!?]$/.test(text) ? " " : ". ") + next;
      });
      self.listeners.forEach(function (listener) { listener(said); });
      return true;
    };
    self.changed = function (message) {
      if (!self.save(message)) return;
      self.listeners.forEach(function (listener) { listener(message); });
    };
    // Every change goes through here: `change(draft)` edits a copy, which replaces the state. A tap on a table
    // another tab has changed since (one whose storage event has not come, a tab the browser kept asleep) is not
    // applied to a state the player did not see: the newer state is shown instead, with a word to tap again.
    self.act = function (label, change) {
      if (self.follow(STALE_TAP)) return;
      var draft = clone(self.state);
      var message = change(draft);
      if (message === false) return;          // nothing to do: no history entry
      self.history.push({ label: label, state: self.state });
      if (self.history.length > HISTORY_LIMIT) self.history.shift();
      self.state = draft;
      self.changed(typeof message === "string" ? message : sentence(label));
    };
    self.undo = function () {
      if (self.follow(STALE_TAP)) return;
      var last = self.history.pop();
      // Past the first step, Ctrl+Z says so in the undo button's words; the status line kept the last undo's.
      if (!last) return self.listeners.forEach(function (listener) { listener(NOTHING_TO_UNDO); });
      self.state = last.state;
      self.changed("Undone: " + last.label);
    };
    self.lastLabel = function () {
      return self.history.length ? self.history[self.history.length - 1].label : null;
    };
    if (!ownTabs) followTabs(key, self);
    return self;
  }

  var STALE_TAP = "What you just did was not applied: check the table and do it again if it still holds.";

  // Another tab's save comes as a storage event (never in the tab that saved). A tab the browser froze or kept
  // in its back-forward cache misses those: it looks again when it is shown. The theme's instant navigation
  // keeps the window across pages, and with it these listeners: a store is followed only while the box it was
  // mounted in is in the page (mount sets theStore.box). Its listeners go at the first event after that, and
  // when the next page comes in (releaseLeft), so that a tracker visited again has one live store, not one more
  // reading, and drawing into a page long gone, each time another tab saves.
  var following = [];     // [{store, release}]: the stores whose window listeners are on

  function followTabs(key, theStore) {
    var listening = [
      [window, "storage", function (event) {
        if (event.key === key && event.storageArea === window.localStorage) theStore.follow();
      }],
      [window, "pageshow", function (event) { if (event.persisted) theStore.follow(); }],
      [document, "visibilitychange", function () { if (!document.hidden) theStore.follow(); }]
    ];
    var entry = { store: theStore, release: function () {
      listening.forEach(function (each) { each[0].removeEventListener(each[1], each[2]); });
      following = following.filter(function (other) { return other !== entry; });
    } };
    listening.forEach(function (each) {
      var handler = each[2];
      each[2] = function (event) { return left(theStore) ? entry.release() : handler(event); };
      each[0].addEventListener(each[1], each[2]);
    });
    following.push(entry);
  }

  // A store whose box has left the page: instant navigation went on to another.
  function left(theStore) { return Boolean(theStore.box) && !theStore.box.isConnected; }

  // Before a page's widgets start (core.js's prepare steps run on every page instant navigation brings in):
  // every store of a page left behind stops following, before the new page's tracker makes its own; so does one
  // never mounted (its tracker failed after making it: mount follows the store at once otherwise).
  function releaseLeft() {
    following.filter(function (entry) { return !entry.store.box || left(entry.store); })
      .forEach(function (entry) { entry.release(); });
  }
  if (C.onPrepare) C.onPrepare(releaseLeft);

  function escape(text) {
    return String(text == null ? "" : text).replace(/[&<>"']/g, function (ch) {
      return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[ch];
    });
  }

  // A button that runs the page's action `action` with `arg` when pressed; `id` keeps focus across renders.
  // A set-up form's button (`extra.submit`) is its submit button and names no action: the form's submit
  // event starts the match, so that Enter in any of its fields does too, as in any form (with two fields or
  // more, a browser submits on Enter only a form that has a submit button).
  function button(id, action, arg, label, extra) {
    extra = extra || {};
    return '<button type="' + (extra.submit ? "submit" : "button") + '" class="pl-btn' + (extra.cls ? " " + extra.cls : "") +
      '" id="' + escape(id) + '"' + (extra.submit ? "" : ' data-action="' + escape(action) + '" data-arg="' +
      escape(arg == null ? "" : arg) + '"') +
      (extra.label ? ' aria-label="' + escape(extra.label) + '"' : "") + (extra.disabled ? " disabled" : "") +
      (extra.describedBy ? ' aria-describedby="' + escape(extra.describedBy) + '"' : "") +   // a line saying when it applies
      // A choice among buttons (how many players) says which one is chosen; `pressed` undefined: no toggle.
      (extra.pressed === undefined ? "" : ' aria-pressed="' + Boolean(extra.pressed) + '"') +
      ">" + label + "</button>";
  }

  // Renders `render(state)` into box's view, wires its buttons to `actions`, keeps focus, announces changes
  // in the box's status line, and adds the undo bar. Ctrl+Z (or Cmd+Z) undoes too (undoKey).
  // The status line and the undo button share a bar stuck to the bottom of the screen: a tap's confirmation is
  // read beside the button that takes it back, wherever the page is scrolled, and nothing of the theme's (its
  // "Back to top" pill floats at the top) covers it. The status element is moved, not copied: it stays the
  // page's one live region.
  function dock(box, status) {
    var bar = document.createElement("div");
    bar.className = "pl-undo";
    if (status) bar.appendChild(status);
    var slot = document.createElement("div");
    bar.appendChild(slot);
    box.appendChild(bar);
    keepClear(bar);
    return slot;
  }

  // Tab and focus() scroll a control into view, but "in view" was the whole window: a control under the bar
  // (a checkbox, Start) or under the theme's sticky header (a heading focused after a deal) stayed hidden,
  // ring and all (WCAG 2.4.11). The page's scroll padding (css/play.css) keeps the focus clear of both, at
  // their heights as measured here and again when they change: the bar grows when its status line wraps on a
  // phone. A bar left behind by the theme's instant navigation stops measuring (its 0 px would win otherwise).
  function keepClear(bar) {
    var root = document.documentElement, header = document.querySelector(".md-header");
    function measure() {
      if (!bar.isConnected) return watcher && watcher.disconnect();
      root.style.setProperty("--pl-clear-bottom", bar.offsetHeight + "px");
      root.style.setProperty("--pl-clear-top", (header ? header.offsetHeight : 0) + "px");
    }
    var watcher = window.ResizeObserver ? new ResizeObserver(measure) : null;
    measure();
    if (!watcher) return;
    watcher.observe(bar);
    if (header) watcher.observe(header);
  }

  // Chromium scrolls a focused text box only as far as its caret: a tall one (the game's record) kept its lower
  // part and ring under the bar. The whole box is scrolled into the clear area (the scroll padding above).
  function revealWhole(event) {
    if (event.target.tagName === "TEXTAREA") event.target.scrollIntoView({ block: "nearest" });
  }

  // The ids of the focused element and of the areas around it in the view (a counter, a player, a list),
  // nearest first, read before a re-render.
  function focusTrail(element, view) {
    var ids = [];
    for (var node = element; node && node !== view; node = node.parentElement) if (node.id) ids.push(node.id);
    return ids;
  }

  // After a re-render the pressed control keeps the focus. When it is gone or disabled (Start, Deal, "Hero
  // resolved" once a turn, a card's "to graveyard"), the nearest area around it that is still there takes it
  // (a counter, a player, a list: a list's next card has taken over the pressed button's id), else the view's
  // first heading ("Turn 1: Ann"). Never the undo button unless it was the one pressed: a second Enter must not
  // take back what the first did. An area takes the focus but is no stop for Tab (tabindex -1), and a second
  // Enter on it does nothing; the status line has said what happened. An area that holds the focus (a counter
  // after a win) is drawn anew without its tabindex, and was left for the body; and the control it stands in
  // for (`fellBack`) takes the focus back when a re-render (an undo) has it again.
  var fellBack = null;
  function refocus(trail, view) {
    if (fellBack && trail[0] === fellBack.to) trail = [fellBack.from].concat(trail);
    var pressed = trail.length ? document.getElementById(trail[0]) : null;
    if (pressed && !pressed.disabled && pressed.tabIndex >= 0) return pressed.focus();
    var area = pressed && !pressed.disabled ? pressed : null;
    for (var i = 1; i < trail.length && !area; i++) area = document.getElementById(trail[i]);
    area = area || view.querySelector("h2, h3") || view;
    if (!area.hasAttribute("tabindex")) area.setAttribute("tabindex", "-1");
    if (area.id && trail[0] && trail[0] !== area.id) fellBack = { from: trail[0], to: area.id };
    area.focus();
  }

  // Ctrl+Z (Cmd+Z) undoes the table's last step from anywhere on the page, not only with the focus in the
  // tracker (after a reload the focus is on the page's body); in a text field the browser's own undo of the
  // typing is left alone (a read-only record or a choice list is not typed in: a choice not yet recorded is
  // not a step, and the undo takes back the last one). One listener on the document for every table: the one
  // holding the focus is undone, else the last mounted; with the theme's instant navigation a table of a page
  // left behind is no longer in the document, and is forgotten.
  var mounted = [], listening = false;
  var NOT_TYPED = /^(button|checkbox|radio|range|color|file|submit|reset|image|hidden)$/i;

  function typingIn(element) {
    if (!element || !element.tagName) return false;
    if (element.isContentEditable) return true;
    if (element.readOnly || element.disabled) return false;
    return element.tagName === "TEXTAREA" || (element.tagName === "INPUT" && !NOT_TYPED.test(element.type || "text"));
  }

  function undoKey(event) {
    if (event.defaultPrevented || !(event.ctrlKey || event.metaKey) || event.shiftKey || event.altKey) return;
    if (String(event.key).toLowerCase() !== "z" || typingIn(event.target)) return;
    mounted = mounted.filter(function (table) { return table.box.isConnected; });
    if (!mounted.length) return;
    var focused = mounted.filter(function (table) { return table.box.contains(event.target); });
    event.preventDefault();
    (focused[0] || mounted[mounted.length - 1]).store.undo();
  }

  function listenForUndoKeys() {
    if (listening) return;
    listening = true;
    document.addEventListener("keydown", undoKey);
  }

  function mount(box, theStore, render, actions) {
    var view = box.querySelector(".pl-view");
    var status = box.querySelector(".pl-status");
    var undoSlot = dock(box, status);
    theStore.box = box;                      // the store follows other tabs while this box is in the page
    function draw(message) {
      var focused = document.activeElement && box.contains(document.activeElement) ? document.activeElement : null;
      var trail = focused ? focusTrail(focused, view) : [];
      var last = theStore.lastLabel();
      view.innerHTML = render(theStore.state);
      undoSlot.innerHTML = button("pl-undo", "undo", "", last ? "Undo: " + escape(last) : NOTHING_TO_UNDO,
        { disabled: !last, cls: "pl-btn--undo" });
      if (message && status) status.textContent = message;
      if (focused) refocus(trail, view);
    }
    theStore.listeners.push(draw);
    box.addEventListener("click", function (event) {
      var target = event.target.closest ? event.target.closest("[data-action]") : null;
      if (!target || !box.contains(target) || target.disabled) return;
      var name = target.getAttribute("data-action");
      if (name === "undo") theStore.undo();
      else if (actions[name]) actions[name](target.getAttribute("data-arg"), target);
    });
    box.addEventListener("focusin", revealWhole);
    mounted.push({ box: box, store: theStore });
    listenForUndoKeys();
    draw();
    return draw;
  }

  function loadJson(url) {
    return fetch(new URL(url, window.location.href).href).then(function (response) {
      if (!response.ok) throw new Error(url + ": " + response.status);
      return response.json();
    });
  }

  // A rule number as a link into a rules page at `page` (anchors as generator/slugs.py rule_anchor writes them).
  function ruleLink(page, number) {
    var anchor = String(number).replace(/\.$/, "").replace(/\./g, "-").toLowerCase();
    return '<a href="' + escape(page + "#" + anchor) + '">' + escape(number) + "</a>";
  }

  // A tracker's citations, from its format's data: `cite(key)` is "(link)" to the rule format.json's `cites`
  // (format.yml's, the one list the pages cite from too) names for `key`, on the rules page the box names
  // (data-rules-page, from data-root). Every key in `keys` must be there: a missing one stops the tracker, as a
  // missing number does, rather than leave a step uncited.
  function citations(box, fmt, keys) {
    var cites = fmt.cites || {};
    var page = (box.getAttribute("data-root") || "../../") + box.getAttribute("data-rules-page");
    var missing = keys.filter(function (key) { return !cites[key]; });
    if (missing.length) throw new Error("format.json lacks cites." + missing.join(", cites."));
    return function (key) {
      if (keys.indexOf(key) < 0) throw new Error("a citation not declared: " + key);
      return "(" + ruleLink(page, cites[key]) + ")";
    };
  }

  // The set-up form's names as typed (a blank one is "Player N"), and an action argument "a:b" as two numbers:
  // what every tracker's "count" and "start" actions share.
  function typedNames(count) {
    var names = [];
    for (var i = 0; i < count; i++) {
      var typed = document.getElementById("pl-name-" + i).value.replace(/\s+/g, " ").trim();
      names.push(typed || "Player " + (i + 1));
    }
    return names;
  }

  // The one player still in a game once every other is out, else null: who wins as the last player left (every
  // tracker's rule, rule 104.2a's). `seats` lists the players, `isIn(seat)` says whether one is still in the game.
  function lastLeft(seats, isIn) {
    var left = seats.filter(isIn);
    return left.length === 1 ? left[0] : null;
  }

  function pair(arg) { var parts = String(arg).split(":"); return [Number(parts[0]), Number(parts[1])]; }

  // Choosing how many players draws the name boxes below the buttons, at a phone's resting scroll partly under
  // the undo bar (Player 2 at 390x844): the form is scrolled whole into the clear area (the scroll padding).
  function countAction(theStore) {
    return function (arg) {
      theStore.act(count(Number(arg), "player"), function (s) { if (s.count === Number(arg)) return false; s.count = Number(arg); });
      var form = document.getElementById("pl-names");
      if (form) form.scrollIntoView({ block: "nearest" });
    };
  }

  C.play = { store: store, mount: mount, button: button, escape: escape, clone: clone, loadJson: loadJson,
    typedNames: typedNames, pair: pair, lastLeft: lastLeft, countAction: countAction, ruleLink: ruleLink,
    citations: citations, signed: signed, count: count, resumed: resumed, randomSeed: randomSeed };
})();

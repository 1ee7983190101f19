/* The deck validator page (#coalition-validator), and the page helpers it shares with "what can I build?"
   (build-page.js, through C.validatorPage). Both read data/format.json and data/cards.json and apply
   deckrules.js; a pasted list never leaves the browser, and every name from it or from the data is set as
   text, never as HTML. */
(function () {
  "use strict";
  var C = (window.Coalition = window.Coalition || {});
  if (C.validatorPage) return;
  var D = C.decklist, R = C.deckrules;
  var SHOWN_PROBLEMS = 100;       // longer lists of bad lines are cut, with a count of the rest
  var loading = new Map();   // format.json URL -> the promise of its Facts

  function onPage(callback) {
    if (C.onPage) return C.onPage(callback);
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", callback);
    else callback();
  }

  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (key) { node.setAttribute(key, attrs[key]); });
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  function append(parent) {
    for (var i = 1; i < arguments.length; i++) {
      var child = arguments[i];
      if (child !== null && child !== undefined) parent.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
    }
    return parent;
  }

  function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); return node; }

  function fetchJson(url) {
    return fetch(url).then(function (response) {
      if (!response.ok) throw new Error(url + ": HTTP " + response.status);
      return response.json();
    });
  }

  // format.json first: it says where cards.json is and holds the format's deck checks. Loaded once per visit
  // and per format: root is the format's site root (the default format's, or "<format>/" below it).
  function loadFacts(root) {
    var formatUrl = new URL(root + "data/format.json", window.location.href);
    if (!loading.has(formatUrl.href)) {
      var pending = fetchJson(formatUrl.href).then(function (fmt) {
        if (missingWord(fmt)) throw new Error(formatUrl.href + " has no " + missingWord(fmt));
        return fetchJson(new URL(fmt.cards_url, formatUrl).href).then(function (cards) { return new R.Facts(cards, fmt); });
      });
      pending.catch(function () { loading.delete(formatUrl.href); });
      loading.set(formatUrl.href, pending);
    }
    return loading.get(formatUrl.href);
  }

  // Links only ever point at our own pages or at Scryfall; anything else in the data is shown as plain text.
  function safeUrl(url, prefix) { return typeof url === "string" && url.indexOf(prefix) === 0 ? url : null; }

  function cardLink(facts, name) {
    var i = facts.index.lookup(name), card = i === null ? null : facts.cards[i];
    var href = card && safeUrl(card.u, "https://scryfall.com/");
    if (!href) return el("span", { "class": "cv-card" }, name);
    var link = el("a", { href: href, "class": "cv-card", target: "_blank", rel: "noopener noreferrer" }, name);
    var image = safeUrl(card.img, "https://");
    if (image) link.setAttribute("data-img", image);
    return link;
  }

  function ruleLink(root, violation) {
    return el("a", { href: root + violation.link, "class": "cv-rule" }, violation.rule);
  }

  // `what`: [one, several] ("line", "lines"): the words for the rest, by their count.
  function capped(list, render, container, what) {
    list.slice(0, SHOWN_PROBLEMS).forEach(function (item) { container.appendChild(render(item)); });
    var rest = list.length - SHOWN_PROBLEMS;
    if (rest > 0) container.appendChild(el("li", { "class": "cv-more" }, "… and " + rest + " more " + what[rest === 1 ? 0 : 1] + "."));
    return container;
  }

  function lineErrors(result) {
    if (!result.line_errors.length) return null;
    return append(el("section", { "class": "cv-line-errors" }),
      el("h3", {}, "Lines that could not be read"),
      capped(result.line_errors, function (e) {
        return append(el("li", { "data-line": e.line }), el("strong", {}, "Line " + e.line + ": "), e.message + " ",
          el("code", {}, e.text));
      }, el("ul"), ["line", "lines"]));
  }

  // Card names as a list, one per item: names hold commas themselves ("Krenko, Mob Boss"), so a run joined
  // with commas could be split wrongly. `item(name)` makes each entry (its text by default); null when empty.
  function nameList(names, item) {
    if (!names.length) return null;
    var list = el("ul", { "class": "cv-names" });
    names.forEach(function (name) { list.appendChild(append(el("li"), item ? item(name) : name)); });
    return list;
  }

  // A deck list names each card in full, as Arena and MTGO import it, and its verdict must not rest on a
  // guess: the validator (as `coalition validate`) takes no short name. The lookup's reading of the name
  // (names.js resolve: a legend's short name, a face) is said first, so the right card is one tap away.
  function unknownCards(facts, result, onSuggestion) {
    if (!result.unknown_cards.length) return null;
    return append(el("section", { "class": "cv-unknown" }),
      el("h3", {}, "Unknown cards"),
      capped(result.unknown_cards, function (u) {
        var meant = facts.index.names.resolve(u.name), item = append(el("li", { "data-line": u.line }),
          el("strong", {}, "Line " + u.line + ": "), "no card is named ", el("q", {}, u.name));
        if (meant !== null) {
          item.appendChild(document.createTextNode(" (the card lookup reads it as " + facts.cards[meant].n +
            "; a deck list names each card in full)"));
        }
        item.appendChild(document.createTextNode(u.suggestions.length ? ". Did you mean:" : "."));
        return append(item, nameList(u.suggestions, function (name) { return C.suggestions.button(u.line, name, onSuggestion, u.name); }));
      }, el("ul"), ["unknown name", "unknown names"]));
  }

  // An answer drawn below the screen's fold (a phone, under a tall form) is scrolled to, under the theme's
  // sticky header: otherwise the button seems to have done nothing.
  function reveal(node) {
    var top = node.getBoundingClientRect().top, header = document.querySelector(".md-header");
    var above = header ? header.getBoundingClientRect().height : 0;
    if (top >= above && top < window.innerHeight * 0.6) return;
    window.scrollTo({ top: window.scrollY + top - above - 8, behavior: "auto" });
  }

  function violationList(root, result) {
    if (!result.violations.length) return null;
    return append(el("section", { "class": "cv-violations" }), el("h3", {}, "Rules broken"),
      capped(result.violations, function (v) {
        return append(el("li", { "data-rule": v.rule, "data-code": v.code }), ruleLink(root, v), " ",
          el("span", { "class": "cv-message" }, v.message));
      }, el("ul"), ["problem", "problems"]));
  }

  // What the format calls its leader and its shared type (format.json leader.word, texts.words): the validator's
  // and the build page's words; noLeader (texts.words.no_leader) stands for a leader the list does not name, and
  // noTypes (texts.words.no_types) for no type that works, as in `coalition validate`'s report. No fallback: the
  // export writes every word (the schema's defaults, their one place), and loadFacts refuses a file without them.
  function words(facts) {
    var own = facts.fmt.texts.words, leader = facts.fmt.leader.word;
    return { leader: leader, Leader: capital(leader), leaders: own.leaders, Leaders: capital(own.leaders),
             type: own.type, types: own.types, noLeader: own.no_leader, noTypes: own.no_types };
  }

  // The first word the page says that a format.json lacks, or null (cards.js: the lookup's and the pools' check).
  var missingWord = C.missingWord;

  function capital(text) { return text.charAt(0).toUpperCase() + text.slice(1); }

  // "Commander", or "Commanders" when a partner season's list names two.
  function leaderTitle(facts, result) {
    var w = words(facts);
    return (result.commanders || []).length > 1 ? w.Leaders : w.Leader;
  }

  // The types that cut the same cards: the first few, the rest folded (a changeling leader's can be hundreds).
  // As many named as the rule's message and the CLI name (decktypes' TYPES_NAMED).
  function typesCell(types) {
    var shown = C.decktypes.TYPES_NAMED, cell = el("td", {}, types.slice(0, shown).join(", "));
    if (types.length > shown) {
      cell.appendChild(append(el("details"), el("summary", {}, "and " + (types.length - shown) + " more"),
        el("span", {}, types.slice(shown).join(", "))));
    }
    return cell;
  }

  function typeOptions(facts, result) {
    if (!result.type_options.length) return null;
    var body = el("tbody");
    C.decktypes.optionGroups(result.type_options).slice(0, SHOWN_PROBLEMS).forEach(function (o) {
      append(body, append(el("tr"), typesCell(o.types), el("td", {}, String(o.cut)), el("td", {}, o.misfits.join("; "))));
    });
    return append(el("section", { "class": "cv-options" }), el("h3", {}, "Closest " + words(facts).types),
      append(el("table"), append(el("thead"), append(el("tr"), el("th", {}, "Types"), el("th", {}, "Copies to cut"),
        el("th", {}, "Cards that do not fit"))), body));
  }

  // More than one legend in the sideboard: what each would allow as the leader, the others dropped.
  function leaderCandidates(facts, result) {
    if (!result.leader_candidates || !result.leader_candidates.length) return null;
    var list = el("ul");
    result.leader_candidates.forEach(function (c) {
      var works = c.coalition_types.join(", ") || "no " + words(facts).type + " works", closest = c.type_options[0];
      if (closest) works += " (closest: " + closest.type + ", cut " + C.decktypes.cutWords(closest) + ")";
      var item = append(el("li", { "data-name": c.name }), el("strong", {}, c.name), ": " + works);
      if (c.name === result.suggested_leader) item.appendChild(el("em", { "class": "cv-keep" }, " (keep this one)"));
      list.appendChild(item);
    });
    return append(el("section", { "class": "cv-candidates" }), el("h3", {}, "Each legend as the " + words(facts).leader), list);
  }

  function flagged(result) {
    var rules = new Map();
    result.violations.forEach(function (v) {
      v.cards.forEach(function (name) { rules.set(name, (rules.get(name) || []).concat([v.rule])); });
    });
    return rules;
  }

  // A card group's heading, from data/cards/vocabulary.yml (format.json's card_groups).
  function groupTitle(facts, group) {
    var found = (facts.fmt.card_groups || []).filter(function (g) { return g.group === group; });
    return found.length ? found[0].title : group;
  }

  function section(facts, title, rows, flags) {
    if (!rows.length) return null;
    var box = el("div", { "class": "cv-section" }), count = 0;
    rows.forEach(function (row) { count += row.count; });
    box.appendChild(el("h3", {}, title + " (" + count + ")"));
    facts.groupOrder.forEach(function (group) {
      var members = rows.filter(function (row) { return row.group === group; });
      if (!members.length) return;
      var total = 0, list = el("ul", { "class": "cv-group" });
      members.forEach(function (row) {
        total += row.count;
        var item = append(el("li"), el("span", { "class": "cv-count" }, String(row.count)), " ", cardLink(facts, row.name));
        if (flags.has(row.name)) {
          item.className = "cv-flag";
          var broken = flags.get(row.name).join(", ");
          item.appendChild(el("span", { "class": "cv-flag-rules", title: "breaks " + broken }, " ⚠ " + broken));
        }
        list.appendChild(item);
      });
      append(box, el("h4", {}, groupTitle(facts, group) + " (" + total + ")"), list);
    });
    return box;
  }

  function deckView(facts, result) {
    var flags = flagged(result), deck = result.deck;
    var view = el("section", { "class": "cv-deck" });
    append(view, section(facts, leaderTitle(facts, result), deck.leader ? [deck.leader] : deck.commanders || [], flags),
      section(facts, "Main deck", deck.main, flags), section(facts, "Sideboard", deck.side, flags));
    return view.childNodes.length ? view : null;
  }

  function exportBox(result) {
    if (!result.deck.main.length && !result.deck.side.length && !result.deck.leader) return null;
    var text = el("textarea", { "class": "cv-export-text", rows: "8", readonly: "", "aria-label": "Deck as import text" });
    var box = append(el("section", { "class": "cv-export" }), el("h3", {}, "Copy the deck"));
    [["arena", "Copy for Arena"], ["mtgo", "Copy for MTGO"]].forEach(function (pair) {
      var button = el("button", { type: "button", "class": "md-button cv-copy", "data-style": pair[0] }, pair[1]);
      button.addEventListener("click", function () {
        text.value = R.deckText(result, pair[0]);
        text.hidden = false;
        text.select();
        if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(text.value).catch(function () {});
      });
      box.appendChild(button);
    });
    text.hidden = true;
    return append(box, text);
  }

  function summary(facts, result) {
    var w = words(facts);
    var parts = [leaderTitle(facts, result) + ": " + (result.leader || w.noLeader)];
    if (result.declared_type) parts.push("declared type: " + result.declared_type);
    if (result.variant) {   // an identity format: its colors and the season's variant, not a shared type
      parts.push("color identity: " + C.deckcolors.identityWord(result.identity, facts.fmt.identity_words),
        "variant: " + result.variant);
      var included = (result.commanders || []).length > 1 ? w.leaders : w.leader;
      parts.push("main deck " + result.counts.main + " (" + included + " included), sideboard " + result.counts.side);
    } else {
      parts.push(w.types + " that work" + (unchecked(result) ? " (recognised cards only)" : "") + ": " +
        (result.coalition_types.join(", ") || w.noTypes));
      parts.push("main deck " + result.counts.main + ", sideboard " + result.counts.side + " (" + w.leader + " included)");
    }
    // The counts are the list's lines; the deck below shows only the cards it recognised, so say the gap and
    // where those lines are: under "Unknown cards" (unknownCards), not in the deck.
    var unknown = 0;
    result.unknown_cards.forEach(function (u) { unknown += u.count || 1; });
    if (unknown) parts.push(unknown + (unknown === 1 ? " card" : " cards") + " not recognised (counted, listed under Unknown cards)");
    return el("p", { "class": "cv-summary" }, parts.join(" · "));
  }

  function counted(n, word) { return n + " " + word + (n === 1 ? "" : "s"); }

  // A list naming cards the data lacks, or with lines it cannot read, was checked in part only: said first (a
  // player read "Not legal: 1 problem" over 34 unknown names), then what the recognised cards broke. After PARTLY,
  // the twin of `coalition validate`'s first line (unchecked in generator/commands/validate.py); null if whole.
  var PARTLY = "Not checked yet";
  function unchecked(result) {
    var names = result.unknown_cards.length, lines = result.line_errors.length, broken = result.violations.length;
    if (result.error || !(names + lines)) return null;
    var parts = (names ? [counted(names, "name") + " not recognised"] : []).concat(lines ? [counted(lines, "line") + " not read"] : []);
    return parts.join(" and ") + " (fix them below)" + (broken ? "; " + counted(broken, "problem") + " among the recognised cards" : "");
  }

  // An error in a field of the form (error_in: the typed color identity) is said as such: the list was read.
  function verdict(result) {
    var unread = result.error_in === "identity" ? "Cannot check this list for that color identity" : "Cannot read this list";
    // A check in part: a short heading, the rest in a line under it (one long red heading read as a verdict).
    var partly = unchecked(result);
    var text = result.error ? unread : partly ? PARTLY : result.legal ? "Legal" : "Not legal";
    var node = el("h2", { "class": "cv-verdict " + (result.legal ? "cv-legal" : "cv-illegal") }, text);
    if (partly) return append(el("div"), node, el("p", { "class": "cv-partly" }, partly + "."));
    return result.error ? append(el("div"), node, el("p", { "class": "cv-error", id: "cv-error" }, result.error)) : node;
  }

  // The answer in one sentence for the status line, the page's one live region (empty from page load): the
  // verdict heading below is not live, so it is heard once, here, after a check the user asked for.
  function spoken(result) {
    var partly = unchecked(result);
    if (partly) return PARTLY + ": " + partly + ".";      // the heading and its line, said whole
    var heading = verdict(result), text = (heading.querySelector("h2") || heading).textContent;
    var broken = result.error ? 0 : result.violations.length;
    return text + (broken ? ": " + counted(broken, "problem") + ", listed below." : ".");
  }

  function showResult(box, root, facts, result, onSuggestion) {
    var out = clear(box.querySelector(".cv-result"));
    append(out, verdict(result));
    if (!result.error) append(out, summary(facts, result));
    result.notes.forEach(function (note) { out.appendChild(el("p", { "class": "cv-note" }, note)); });
    // Unknown names first, as `coalition validate` says them: one is often the cause of a rule broken below.
    append(out, unknownCards(facts, result, onSuggestion), violationList(root, result), leaderCandidates(facts, result),
      typeOptions(facts, result), lineErrors(result));
    if (!result.error) append(out, deckView(facts, result), exportBox(result));
    out.hidden = false;
  }

  // A field whose value the check refused says so to assistive technology, pointing at the words why.
  function markField(field, refused) {
    if (!field) return;
    if (refused) {
      field.setAttribute("aria-invalid", "true");
      field.setAttribute("aria-describedby", "cv-error");
    } else {
      field.removeAttribute("aria-invalid");
      field.removeAttribute("aria-describedby");
    }
  }

  function startValidator(box) {
    var root = box.getAttribute("data-root") || "../";
    var input = box.querySelector("#cv-input"), typeInput = box.querySelector("#cv-type");
    var status = box.querySelector(".cv-status"), form = box.querySelector("form");
    var run = function (after) {
      status.textContent = "Checking…";
      box.setAttribute("data-state", "busy");
      loadFacts(root).then(function (facts) {
        // An identity format's page has an identity box and a variant choice instead of the type box.
        var identityInput = box.querySelector("#cv-identity"), variantInput = box.querySelector("#cv-variant");
        var options = { identity: identityInput ? D.strip(identityInput.value) || null : null,
          variant: variantInput ? variantInput.value || null : null };
        var result = R.check(D.parse(input.value), facts, typeInput ? D.strip(typeInput.value) || null : null, options);
        C.lastResult = result;
        markField(identityInput, result.error_in === "identity");
        // A suggestion puts its name on its line (suggestions.js) as a step the form's undo takes back.
        showResult(box, root, facts, result, function (line, name, wrong) {
          C.suggestions.take(box, input, remember, line, name, wrong, run);
        });
        // A check asked for (the button, a suggestion, an undo) is said; an answer redrawn on reload is not.
        status.textContent = typeof after === "function" ? spoken(result) : "";
        box.setAttribute("data-state", "done");
        if (typeof after === "function") after(box);
      }, function (error) {
        status.textContent = "The card data could not be loaded (" + error.message + "). Reload the page to try again.";
        box.setAttribute("data-state", "failed");
      });
    };
    form.addEventListener("submit", function (event) { event.preventDefault(); remember(); run(function () {}); });
    var file = box.querySelector("#cv-file");
    if (file) file.addEventListener("change", function () { readFile(file, input, status, run); });
    box.setAttribute("data-state", "ready");
    var remember = C.play.keepForm(box, run);
  }

  // A chosen file is read here, in the page; like a paste, it is never uploaded.
  function readFile(file, input, status, run) {
    var form = input.form;
    var chosen = file.files && file.files[0];
    if (!chosen) return;
    if (chosen.size > D.LIMITS.MAX_INPUT_CHARS * 4) {
      status.textContent = "That file is " + chosen.size + " bytes; a deck list may be at most " +
        D.LIMITS.MAX_INPUT_CHARS + " characters.";
      return;
    }
    chosen.text().then(function (text) {
      input.value = text;
      input.dispatchEvent(new Event("input", { bubbles: true }));     // kept like a paste
      form.requestSubmit ? form.requestSubmit() : run();
    });
  }

  C.validatorPage = { start: startValidator, loadFacts: loadFacts, el: el, append: append, clear: clear, words: words,
    cardLink: cardLink, capped: capped, onPage: onPage, safeUrl: safeUrl, nameList: nameList, reveal: reveal };

  onPage(function () {
    var box = document.getElementById("coalition-validator");
    if (box && !box.hasAttribute("data-started")) { box.setAttribute("data-started", ""); startValidator(box); }
  });
})();

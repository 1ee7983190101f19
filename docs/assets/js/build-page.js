/* "What can I build?" (#coalition-build): paste any cards, see the types whose pool holds all of them and their
   leaders, in the format's words (format.json texts.words, through the validator's words()). Runs on the validator's page helpers (validator.js, C.validatorPage) and deckrules.js's
   buildable(); build-near.js adds the nearest types when none holds every card. */
(function () {
  "use strict";
  var C = window.Coalition, R = C.deckrules, V = C.validatorPage;
  if (V.buildStarted) return;
  V.buildStarted = true;
  var el = V.el, append = V.append;

  // generator/slugs.py's slugify; cards.js defines the same one when it is on the page.
  function slugify(name) {
    if (C.slugify) return C.slugify(name);
    var spelled = name.replace(/\u2019/g, "'").replace(/\u00c6/g, "Ae").replace(/\u00e6/g, "ae");
    var ascii = spelled.normalize("NFKD").replace(/[^\x00-\x7f]/g, "").toLowerCase().replace(/[\s'\/]+/g, "-");
    return ascii.replace(/[^a-z0-9-]+/g, "").replace(/-{2,}/g, "-").replace(/^-+|-+$/g, "") || "card";
  }

  function typeEntry(root, facts, result, type) {
    var slug = slugify(type);
    var leaders = result.leaders[type];
    var w = V.words(facts);
    var summary = append(el("summary"), el("a", { href: root + "types/" + slug + "/" }, type),
      " — " + leaders.length + " " + (leaders.length === 1 ? w.leader : w.leaders));
    var list = el("ul", { "class": "cb-leaders" });
    leaders.forEach(function (name) {
      var link = el("a", { href: root + "leaders/" + slugify(name) + "/" }, name);
      var i = facts.index.lookup(name), image = i === null ? null : V.safeUrl(facts.cards[i].img, "https://");
      if (image) link.setAttribute("data-img", image);
      list.appendChild(append(el("li"), link));
    });
    var pools = append(el("p", { "class": "cb-pool" }), "Pool: ",
      el("a", { href: root + "data/pools/" + slug + ".txt", download: "" }, "text list"), " · ",
      el("a", { href: root + "data/pools/" + slug + ".json" }, "JSON"));
    return append(el("details", { "data-type": type }), summary, list, pools);
  }

  // `pick(line, name, wrong)`: a suggested name pressed (suggestions.js), for an unknown name or a short one.
  function showBuild(box, root, facts, result, pick) {
    var out = V.clear(box.querySelector(".cb-result"));
    if (result.fatal) {
      out.appendChild(el("p", { "class": "cv-error" }, result.fatal));
    } else {
      var w = V.words(facts);
      // The cards no deck may hold (listed below) are held by no type: the heading says they are left out.
      var blocked = result.blocked.length, except = !blocked ? "" :
        blocked === 1 ? ", except the one no deck may hold" : ", except the " + blocked + " no deck may hold";
      // Names it could not read (listed below) are in no pool it knows: the types hold the cards it found.
      var held = result.unknown_cards.length ? " every card found" : " every card you pasted";
      var heading = !result.found ? "No card found: " + (result.unknown_cards.length ? "check the names below" : "paste card names") :
        (result.types.length
        ? result.types.length + (result.types.length === 1 ? " " + w.type + " holds" : " " + w.types + " hold") + held
        : "No " + w.type + " holds" + held) + except;
      out.appendChild(el("h2", { "class": "cb-verdict" }, heading));
      result.notes.forEach(function (note) { out.appendChild(el("p", { "class": "cv-note" }, note)); });
      if (result.leaders_pasted.length === 1) {
        out.appendChild(el("p", {}, result.leaders_pasted[0] + " is a " + w.leader + ": only its own types are shown."));
      }
      if (result.blocked.length) {
        append(out, el("h3", {}, "Cards no deck may hold"), V.capped(result.blocked, function (b) {
          return append(el("li"), V.cardLink(facts, b.name), ": " + b.reason);
        }, el("ul", { "class": "cb-blocked" }), ["card", "cards"]));
      }
      var types = el("div", { "class": "cb-types" });
      result.types.forEach(function (type) { types.appendChild(typeEntry(root, facts, result, type)); });
      out.appendChild(types);
    }
    if (result.unknown_cards.length) {
      append(out, el("h3", {}, "Unknown cards"), V.capped(result.unknown_cards, function (u) {
        return append(el("li"), el("strong", {}, "Line " + u.line + ": "), "no card is named ", el("q", {}, u.name),
          u.suggestions.length ? ". Did you mean:" : ".", V.nameList(u.suggestions, function (name) {
            return C.suggestions.button(u.line, name, pick, u.name);
          }));
      }, el("ul", { "class": "cb-unknown" }), ["unknown name", "unknown names"]));
    }
    if (result.read_as.length) {
      append(out, el("h3", {}, "Names read as a card"), V.capped(result.read_as, function (r) {
        var others = V.nameList(r.others, function (name) { return C.suggestions.button(r.line, name, pick, r.name); });
        return append(el("li"), el("strong", {}, "Line " + r.line + ": "), el("q", {}, r.name), " is read as " + r.card +
          (r.others.length ? ", the shortest of the legends so named; or did you mean:" : "."), others);
      }, el("ul", { "class": "cb-read-as" }), ["name", "names"]));
    }
    if (result.line_errors.length) {
      append(out, el("h3", {}, "Lines that could not be read"), V.capped(result.line_errors, function (e) {
        return append(el("li"), el("strong", {}, "Line " + e.line + ": "), e.message + " ", el("code", {}, e.text));
      }, el("ul"), ["line", "lines"]));
    }
    out.hidden = false;
  }

  function startBuild(box) {
    var root = box.getAttribute("data-root") || "../";
    var input = box.querySelector("#cb-input"), status = box.querySelector(".cv-status");
    box.querySelector("form").addEventListener("submit", function (event) { event.preventDefault(); remember(); look(true); });
    // `asked`: the button was pressed (not a reload redrawing the kept answer), so the answer is brought into view;
    // a function: called once the answer is in (an undone clearing says so in the status line).
    function look(asked) {
      status.textContent = "Looking…";
      box.setAttribute("data-state", "busy");
      V.loadFacts(root).then(function (facts) {
        var result = R.buildable(input.value, facts);
        C.lastBuild = result;
        showBuild(box, root, facts, result, function (line, name, wrong) {
          C.suggestions.take(box, input, remember, line, name, wrong, look);
        });
        // The answer's heading, said in the status line (the page's live region, empty from load) when asked for.
        var heading = box.querySelector(".cb-result .cb-verdict, .cb-result .cv-error");
        status.textContent = asked && heading ? heading.textContent + "." : "";
        box.setAttribute("data-state", "done");
        if (asked === true) V.reveal(box.querySelector(".cb-result"));
        if (typeof asked === "function") asked(box);
      }, function (error) {
        status.textContent = "The card data could not be loaded (" + error.message + "). Reload the page to try again.";
        box.setAttribute("data-state", "failed");
      });
    }
    box.setAttribute("data-state", "ready");
    var remember = C.play.keepForm(box, look);
  }

  V.onPage(function () {
    var box = document.getElementById("coalition-build");
    if (box && !box.hasAttribute("data-started")) { box.setAttribute("data-started", ""); startBuild(box); }
  });
})();

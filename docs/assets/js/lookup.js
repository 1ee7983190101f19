/* The card lookup page: a name box over data/cards.json that explains one card (?card=Name in the URL). */
(function () {
  "use strict";
  var C = (window.Coalition = window.Coalition || {});
  var MAX_SUGGESTIONS = 12;
  var MAX_LEADERS = 24;
  // A rule number as the formats write them: 12.5h, 3.8, 2e-ii.
  var RULE_NUMBER = /\b\d+(?:\.\d+)?[a-z]?(?:-[ivx]+)?\b/g;

  // The index's size as the home page counts cards (deck cards: the build's count), the meld results it
  // also holds (a decklist may name one; they are no deck cards) said apart.
  function indexSize(cards) {
    var melds = cards.filter(function (card) { return card.mp; }).length;
    var deck = (cards.length - melds).toLocaleString() + " cards in the index";
    return deck + (melds ? ", and " + melds.toLocaleString() + " meld " + (melds === 1 ? "result" : "results") : "") + ".";
  }

  // Reason words come from the format file (format.yml texts.reasons); a number its rules text defines
  // (format.json rule_urls) becomes a link to that rule.
  function ruleLinks(root, text, format) {
    var known = format.rule_urls || {}, html = "", last = 0;
    text.replace(RULE_NUMBER, function (number, at) {   // matched on the words, not on their escaped form
      // A bare section number ("2") is too often just a number in the words: only rules are linked.
      if (/^\d+$/.test(number) || !Object.prototype.hasOwnProperty.call(known, number)) return number;
      html += C.escape(text.slice(last, at)) + '<a href="' + root + "rules/#" + number.replace(/\./g, "-") + '">' + number + "</a>";
      last = at + number.length;
      return number;
    });
    return html + C.escape(text.slice(last));
  }

  // " (4.2a)", linked: the rule the format's data cites for `key` (format.yml `cites:`); "" when it cites none.
  function citation(root, format, key) {
    var number = (format.cites || {})[key];
    return number ? " (" + ruleLinks(root, String(number), format) + ")" : "";
  }

  // What the format calls its pieces (cards.js, shared with the search box).
  var wordsOf = C.formatWords;

  function capital(text) { return text.charAt(0).toUpperCase() + text.slice(1); }

  // The one name matcher (names.js), built once per card index.
  function matcher(index) {
    if (!index.names) index.names = C.names.NameIndex.fromCards(index.cards);
    return index.names;
  }

  function suggestions(index, query) {
    return matcher(index).suggest(query, MAX_SUGGESTIONS).map(function (i) { return index.cards[i]; });
  }

  // One line per creature type, with every part of the card that names it.
  function affiliationList(root, card, format) {
    if (card.c) return "<li>every creature type: it has changeling" + citation(root, format, "changeling") + "</li>";
    if (card.mp) return "<li>none: it is not a deck card</li>";
    if (!card.a.length) {
      // The format's words (texts.words unaffiliated_one, as `coalition card` says them), past the verb in bold.
      var said = C.escape(wordsOf(format).unaffiliated_one).replace(/^(\{(?:is|has)\} )?(.+)$/, "$1<strong>$2</strong>");
      return "<li>none: the card " + C.affiliated(said, "") + (card.l && !card.lo ? ", so every deck may play it" : "") + "</li>";
    }
    var byType = new Map();
    card.a.forEach(function (row) {
      if (!byType.has(row[0])) byType.set(row[0], []);
      byType.get(row[0]).push(row);
    });
    return Array.from(byType.entries()).map(function (entry) {
      return "<li><strong>" + C.escape(entry[0]) + '</strong> <span class="why">(' + evidenceText(entry[1], format) + ")</span></li>";
    }).join("");
  }

  // One type's evidence ([type, source, words] rows), each source once in the order of format.json's
  // evidence_words (vocabulary.yml), the words read there after the sources its quoted_evidence names:
  // rules text: “Goblin”, “Goblins”; type line. The twin of `coalition card`'s read_from
  // (generator/commands/card.py): the same words, the same order, from the same vocabulary.
  function evidenceText(rows, format) {
    var names = format.evidence_words || {};
    var quotedSources = format.quoted_evidence || [];
    var order = Object.keys(names);
    var bySource = {};
    rows.forEach(function (row) {
      var words = bySource[row[1]] = bySource[row[1]] || [];
      if (quotedSources.indexOf(row[1]) >= 0 && words.indexOf(row[2]) < 0) words.push(row[2]);
    });
    var rank = function (source) { var at = order.indexOf(source); return at < 0 ? order.length : at; };
    return Object.keys(bySource).sort(function (a, b) { return rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0); })
      .map(function (source) {
        var words = bySource[source].sort(function (a, b) { return a < b ? -1 : a > b ? 1 : 0; });
        return C.escape(names[source] || source) +
          (words.length ? ": " + words.map(function (w) { return "\u201c" + C.escape(w) + "\u201d"; }).join(", ") : "");
      }).join("; ");
  }

  // Type words the card prints that make no affiliation (cards.json `i`), with the format file's reason and
  // the rule it cites for that reason, if any.
  function ignoredList(root, card, format) {
    var reasons = format.ignore_reasons || {};
    return (card.i || []).map(function (row) {
      return "<li>" + C.escape(row[0]) + ' <span class="why">(' + C.escape(reasons[row[1]] || row[1]) +
        citation(root, format, row[1]) + ")</span></li>";
    }).join("");
  }

  function copiesText(card, format, words) {
    if (!card.l) return "none";
    if (C.fitsNoDeck(card)) return "none: it fits no deck";
    if (card.lo) return "one, as the deck's " + C.escape(words.leader) + ((format.leader || {}).zone === "sideboard" ? " (in the sideboard)" : "");
    return card.x === null ? "any number" : "up to " + card.x;
  }

  function typeLinks(root, types) {
    return types.map(function (type) {
      return '<a href="' + root + "types/" + C.slugify(type) + '/">' + C.escape(type) + "</a>";
    }).join(", ");
  }

  function leaderLink(root, leader) {
    return '<a href="' + root + "leaders/" + C.slugify(leader.n) + '/"' +
      (C.safeUrl(leader.img) ? ' data-img="' + C.escape(leader.img) + '"' : "") + ">" + C.escape(leader.n) + "</a>";
  }

  function fitsSection(root, index, card, words) {
    var w = {};
    Object.keys(words).forEach(function (k) { w[k] = C.escape(words[k]); });
    if (!card.l) return "<p>No deck may play it.</p>";
    if (card.lo) {
      var leads = card.c ? '<a href="' + root + 'types/">every type</a>, as a changeling' : typeLinks(root, card.L || []);
      return card.L && card.L.length
        ? "<p>Only as a deck's " + w.leader + ". It can lead " + leads + '. More on <a href="' + root + "leaders/" +
          C.slugify(card.n) + '/">its ' + w.leader + " page</a>.</p>"
        : "<p>It is legendary, so only a " + w.leader + " could play it, and it can lead no " + w.group + ".</p>";
    }
    if (card.c || !card.a.length) {
      return "<p>It fits <strong>every</strong> " + w.group + ": all " + C.thousands(index.coalitionTypes.length) +
        " " + w.types + " and " + C.thousands(index.leaders.length) + " " + w.leaders + ".</p>";
    }
    // The coalition types among its own (a changeling or an unaffiliated card fits every one: above).
    var own = new Set(card.a.map(function (row) { return row[0]; }));
    var types = index.coalitionTypes.filter(function (type) { return own.has(type); });
    if (!types.length) return "<p>None of its creature types can be a " + w.type + ", so no deck may play it.</p>";
    var wanted = new Set(types);
    var leaders = index.leaders.filter(function (l) { return l.L.some(function (t) { return wanted.has(t); }); });
    // A list, not a comma-joined run: leaders' names hold commas themselves.
    var shown = leaders.slice(0, MAX_LEADERS).map(function (l) { return "<li>" + leaderLink(root, l) + "</li>"; }).join("");
    var more = leaders.length > MAX_LEADERS ? "<p>And " + (leaders.length - MAX_LEADERS) + " more on the type pages.</p>" : "";
    return "<p>" + capital(w.types) + ": " + typeLinks(root, types) + ".</p><p>" + capital(w.leaders) + " (" + leaders.length + "):</p>" +
      '<ul class="card-columns">' + shown + "</ul>" + more;
  }

  // One line per reason code, each labelled alike from the shared vocabulary (format.json reason_labels:
  // "Banned", "Reserved List"): the banlist's own reason for a named ban, else the format's words for the code.
  function reasonLine(root, card, code, format) {
    var text = (format.reason_texts || {})[code] || code;
    var label = (format.reason_labels || {})[code];
    var head = label ? "<strong>" + C.escape(label) + ":</strong> " : "";
    if (code === "banned") {
      var entry = (format.banlist || []).filter(function (ban) { return ban.name.toLowerCase() === card.n.toLowerCase(); })[0];
      if (entry && entry.reason) text = entry.reason;
      return "<li>" + head + C.escape(text) + ' (<a href="' + root + 'banlist/">banlist</a>)</li>';
    }
    return "<li>" + head + ruleLinks(root, text, format) + "</li>";
  }

  // The format's name and its word for the leader come from its format.json (Coalition's "leader", Heroic's "hero").
  function verdict(root, card, format) {
    var name = C.escape(format.name || "this format");
    var leader = C.escape(format.leader.word);
    if (!card.l) {
      var why = card.r.map(function (code) { return reasonLine(root, card, code, format); }).join("");
      var melds = card.mp ? "<p>It is what " + card.mp.map(C.escape).join(" and ") + " meld into: look those up instead.</p>" : "";
      return '<p class="verdict not-legal">Not legal in ' + name + '</p><ul class="reasons">' + why + "</ul>" + melds;
    }
    if (card.lo) return '<p class="verdict leader-only">Legal only as a ' + leader + "</p>";
    return C.fitsNoDeck(card) ? '<p class="verdict not-legal">Legal, but it fits no ' + name + " deck</p>"
      : '<p class="verdict legal">Legal in ' + name + "</p>";
  }

  // A card the format's banlist watches (format.json watchlist), with its words and the banlist's link.
  function watchNote(root, card, format) {
    var entry = (format.watchlist || []).filter(function (w) { return w.name.toLowerCase() === card.n.toLowerCase(); })[0];
    return entry ? '<p class="watch"><strong>On the watchlist:</strong> ' + C.escape(entry.reason) +
      ' (<a href="' + root + 'banlist/">banlist</a>)</p>' : "";
  }

  function render(root, index, card, format) {
    var words = wordsOf(format);
    // The frame shows the card's name until the image covers it (and instead of it, offline).
    var image = C.safeUrl(card.img) ? '<div class="lookup-image card-frame" data-name="' + C.escape(card.n) + '"><img src="' +
      C.escape(card.img) + '" alt="' + C.escape(card.n) + '" width="244" height="340" loading="lazy"></div>' : "";
    return '<article class="lookup-card">' + image + "<div>" +
      "<h2>" + C.escape(card.n) + ' <span class="mana">' + C.escape(card.m) + "</span></h2>" +
      '<p class="type-line">' + C.escape(card.t) + "</p>" + verdict(root, card, format) + watchNote(root, card, format) +
      "<dl><dt>Copies in a deck</dt><dd>" + copiesText(card, format, words) + "</dd>" +
      (format.identity === "color" ? C.lookupIdentity(root, card, format, function (text) { return ruleLinks(root, text, format); }) :
        "<dt>" + C.escape(capital(words.identity)) + "</dt><dd><ul>" + affiliationList(root, card, format) + "</ul></dd>" +
        (card.i ? "<dt>Not read as types</dt><dd><ul>" + ignoredList(root, card, format) + "</ul></dd>" : "") +
        "<dt>Fits</dt><dd>" + fitsSection(root, index, card, words) + "</dd>") + "</dl>" +
      (C.safeUrl(card.u) ? '<p><a href="' + C.escape(card.u) + '">See it on Scryfall</a></p>' : "") + "</div></article>";
  }

  function quoted(words) { return "\u201c" + C.escape(words.trim()) + "\u201d"; }

  // A note above the card, then the other names it could have been (up to four), each a link the page answers.
  function readAs(kind, sentence, names, card) {
    var others = names.filter(function (other) { return other !== card; }).slice(0, 4);
    return '<p class="' + kind + '">' + sentence + (others.length ? ' Or did you mean:</p><ul class="did-you-mean">' +
      others.map(function (other) {
        return '<li><a href="?card=' + encodeURIComponent(other.n) + '" data-name="' + C.escape(other.n) + '">' + C.escape(other.n) + "</a></li>";
      }).join("") + "</ul>" : "</p>");
  }

  // The address names the card shown; a lookup `asked` for (Enter, a name chosen) is a new entry for Back.
  function setCardParam(name, asked) {
    var url = new URL(window.location.href);
    url.searchParams.set("card", name);
    var moved = url.href !== window.location.href;
    if (moved && asked) window.history.pushState(null, "", url.href);   // null: the theme keeps its scroll in the entry left
    else if (moved) window.history.replaceState(window.history.state, "", url.href);
    // The format switch (generator/templates/snippets/switch.md.j2) opens the same card in the other formats.
    Array.prototype.forEach.call(document.querySelectorAll(".format-switch a"), function (link) {
      var other = new URL(link.getAttribute("href"), window.location.href);
      other.searchParams.set("card", name);
      link.setAttribute("href", other.pathname + other.search);
    });
  }

  function start(box) {
    var root = box.getAttribute("data-root") || "../";
    var input = box.querySelector("#lookup-input");
    var list = box.querySelector("#lookup-suggestions");
    var result = box.querySelector("#lookup-result");
    // The format file words the answers (its reasons, its leader's word): without it, or with one of another
    // build that lacks a word (C.usableFormat), the lookup says its data could not be loaded.
    var format = C.loadJson(box.getAttribute("data-format") || root + "data/format.json").then(C.usableFormat);
    Promise.all([C.loadCards(box.getAttribute("data-cards")), format]).then(function (loaded) {
      var index = loaded[0], formatData = loaded[1];
      var active = -1;
      var current = [];
      var idle = true;   // the result still shows the page's opening words, no card and no answer
      var asking = 0;    // which answer a late pointer (alsoNamed) belongs to: a newer one drops it
      function point(asked, answered) {
        var ask = asking;
        C.lookupPointers.alsoNamed(root, index, formatData, asked, answered).then(function (html) {
          if (html && ask === asking) result.insertAdjacentHTML("afterbegin", html);
        });
      }
      // The list's highlighted name is the field's active descendant: a screen reader reads it out as the
      // arrow keys move, while the keyboard stays in the field.
      function highlight(position) {
        active = position;
        list.querySelectorAll("li").forEach(function (li, i) {
          li.classList.toggle("active", i === active);
          li.setAttribute("aria-selected", String(i === active));
        });
        if (active >= 0) input.setAttribute("aria-activedescendant", "lookup-option-" + active);
        else input.removeAttribute("aria-activedescendant");
      }
      function listNames(cards) {
        current = cards;
        list.innerHTML = cards.map(function (card, i) {
          return '<li role="option" id="lookup-option-' + i + '" aria-selected="false" data-index="' + i + '">' + C.escape(card.n) + "</li>";
        }).join("");
        input.setAttribute("aria-expanded", String(cards.length > 0));
        highlight(-1);
      }
      function show(card, note, asked) {
        listNames([]);
        idle = false;
        asking += 1;
        input.value = card.n;
        setCardParam(card.n, asked);
        result.innerHTML = (note || "") + render(root, index, card, formatData);
        C.mana(result);
      }
      // A typo the matcher is sure of (names.js nearest) opens its card, saying so and offering the others.
      function showNearest(asked, card, chosen) {
        show(card, readAs("nearest", "No card is named " + quoted(asked) + ": this is the nearest name.",
          suggestions(index, asked), card), chosen);
      }
      // Words that are not the card's own name say what they were read as, above it (names.js readAs): a face
      // of a two-faced card, its words in another order, a legend's short name (names.js resolve: the shortest
      // such name, the others offered), or, on Enter, the first name holding the words (the list's first). ""
      // for the card's own name.
      function howRead(asked, card) {
        var reading = matcher(index).readAs(asked, index.cards.indexOf(card));
        if (reading && reading.how === "name") return "";
        if (reading && reading.how === "face") {
          return readAs("read-as", quoted(asked) + " is a face of " + C.escape(card.n) + ".", [], card);
        }
        if (reading && reading.how === "words") {
          return readAs("read-as", quoted(asked) + " is " + C.escape(card.n) + ", its words in another order.", [], card);
        }
        if (reading) {
          var others = reading.others.map(function (i) { return index.cards[i]; });
          return readAs("read-as", quoted(asked) + " is short for " + C.escape(card.n) + (others.length
            ? ", the shortest of the " + (others.length + 1) + " legends so named." : "."), others, card);
        }
        return readAs("read-as", "No card is named " + quoted(asked) + ": " + C.escape(card.n) +
          " is the first name holding it.", suggestions(index, asked), card);
      }
      // What Enter opens: the highlighted suggestion, else the card the name means (names.js: exact, a legend's
      // short name, a face), else the creature type it spells (no card: "goblins"), else the first suggestion
      // that holds what was typed, else a typo's nearest name. Else nothing opens: the close names are offered.
      function choose(highlighted) {
        var position = matcher(index).resolve(input.value);
        var card = highlighted || (position === null ? null : index.cards[position]);
        var typed = C.names.key(input.value), asked = input.value;
        var type = card || !typed ? null : C.lookupPointers.typeNamed(index, formatData, asked);
        if (!card && !type && current.length && typed && C.names.key(current[0].n).indexOf(typed) >= 0) card = current[0];
        if (card) show(card, highlighted ? "" : howRead(asked, card), true);
        if (card) point(asked, false);
        else if (typed) miss(asked, true, type);
      }
      // No card has the name: a rule number some format defines is the answer (lookup-pointers.js ruleAnswer),
      // else a typo's nearest name, else the type it spells and the close names.
      function miss(asked, chosen, type) {
        var ask = asking;
        C.lookupPointers.ruleAnswer(asked).then(function (rule) {
          if (ask !== asking) return;   // another answer came meanwhile
          var nearest = rule || type || C.lookupPointers.ruleShaped(asked) ? null : matcher(index).nearest(asked);
          if (nearest !== null) showNearest(asked, index.cards[nearest], chosen);
          else notFound(asked, chosen, type, rule);
          if (!rule) point(asked, !!type);
        });
      }
      // The answer for words no card has: the rule they number, else the type they spell and the close names.
      function notFound(asked, chosen, type, rule) {
        idle = false;
        asking += 1;
        input.value = asked;
        listNames([]);
        setCardParam(asked, chosen);   // the address says what was asked, not the card shown before it
        var close = suggestions(index, asked).slice(0, 5).map(function (card) {
          return '<li><a href="?card=' + encodeURIComponent(card.n) + '" data-name="' + C.escape(card.n) + '">' + C.escape(card.n) + "</a></li>";
        }).join("");
        result.innerHTML = rule || (type ? C.lookupPointers.typeAnswer(root, formatData, quoted(asked), type, "type-answer") : "") +
          '<p class="not-found">' + C.lookupPointers.noneNamed(asked) +
          (close ? '. Did you mean:</p><ul class="did-you-mean">' + close + "</ul>" : ".</p>");
      }
      result.addEventListener("click", function (event) {
        var link = event.target.closest("a[data-name]");
        if (!link || !link.closest(".did-you-mean")) return;
        // Answered here, on this page: the theme's instant navigation must not load the page again over it
        // (it would, once its sitemap is loaded, and the new copy of the box would start without its index).
        event.preventDefault();
        event.stopPropagation();
        show(index.cards[matcher(index).lookup(link.getAttribute("data-name"))], "", true);
      });
      function suggest() {
        listNames(suggestions(index, input.value));
        // Before any card is shown, the status says what the list below the box offers.
        if (idle) {
          result.innerHTML = "<p>" + (current.length ? current.length + (current.length === 1 ? " name matches" : " names match") +
            ": tap one, or press Enter." : input.value.trim() ? "No name matches yet." : "Start typing a name.") + "</p>";
        }
      }
      input.disabled = false;
      input.addEventListener("input", suggest);
      input.addEventListener("keydown", function (event) {
        if (event.key === "ArrowDown" || event.key === "ArrowUp") {
          event.preventDefault();
          highlight(current.length ? Math.max(0, Math.min(current.length - 1, active + (event.key === "ArrowDown" ? 1 : -1))) : -1);
        } else if (event.key === "Enter") {
          event.preventDefault();
          choose(active >= 0 ? current[active] : null);
        }
      });
      list.addEventListener("click", function (event) {
        var item = event.target.closest("li[data-index]");
        if (item) show(current[Number(item.getAttribute("data-index"))], "", true);
      });
      // What the address asks for (?card=), on arrival and after Back or Forward; no card: the opening words.
      function showAddress() {
        var asked = new URL(window.location.href).searchParams.get("card");
        var position = asked ? matcher(index).resolve(asked) : null;
        var type = asked && position === null ? C.lookupPointers.typeNamed(index, formatData, asked) : null;
        if (position !== null) show(index.cards[position], howRead(asked, index.cards[position]));
        if (position !== null) return point(asked, false);
        if (asked) return miss(asked, false, type);   // what the name is close to, not a dead end
        idle = true;
        asking += 1;
        input.value = "";
        listNames([]);
        result.innerHTML = "<p>" + indexSize(index.cards) + " Start typing a name.</p>";
      }
      // Back or Forward within this page (another path is the theme's to load), while this box is on it.
      var path = window.location.pathname;
      onHistory = function () { if (box.isConnected && window.location.pathname === path) showAddress(); };
      showAddress();
    }, function (error) {
      result.innerHTML = "<p>The card data could not be loaded (" + C.escape(error.message) + "). Try reloading the page.</p>";
    });
  }

  var onHistory = null;   // one listener for the page's life, answering for the lookup box on it now
  window.addEventListener("popstate", function () { if (onHistory) onHistory(); });

  C.onBox("coalition-lookup", start);
})();

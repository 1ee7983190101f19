/* The card lookup's answer for one card (lookup.js calls C.lookupCard.render): its verdict in the format, the
   copies a deck may hold, what it is read as (its creature types and their evidence, or an identity format's
   answer: lookup-identity.js) and which decks it fits, each reason and rule worded by the format's format.json.
   Split from lookup.js, which keeps the box, its suggestions and the address. */
(function () {
  "use strict";
  var C = (window.Coalition = window.Coalition || {});
  var MAX_LEADERS = 24;
  // A rule number as the formats write them: 12.5h, 3.8, 2e-ii.
  var RULE_NUMBER = /\b\d+(?:\.\d+)?[a-z]?(?:-[ivx]+)?\b/g;

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
      var why = (reasons[row[1]] || row[1]) + (row[2] ? ": " + row[2] : "");   // a correction's own reason, third
      return "<li>" + C.escape(row[0]) + ' <span class="why">(' + C.escape(why) + citation(root, format, row[1]) + ")</span></li>";
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

  // Which decks may play a legal card, said with its verdict (a player who reads "Legal" alone puts Beast Within
  // in an Elf deck): "in Beast or Elf coalitions only" (the coalition types among its own, in the format's group
  // words; a type named as the group's word by its page's name, format.json group_names: "Army-type armies"),
  // "in every coalition" for a changeling or an unaffiliated card; "" in an identity format, or when no type
  // holds it. The twin of `coalition card`'s fits_where (generator/commands/card.py).
  function fitsWhere(index, card, format) {
    if (format.identity === "color" || card.mp) return "";
    var words = wordsOf(format);
    if (card.c || !card.a.length) return "in every " + words.group;
    var own = new Set(card.a.map(function (row) { return row[0]; }));
    var types = index.coalitionTypes.filter(function (type) { return own.has(type); });
    if (!types.length) return "";
    var last = types[types.length - 1], named = (format.group_names || {})[last];
    var before = named ? named.slice(0, named.length - words.group.length - 1) : last;
    var listed = types.length > 1 ? types.slice(0, -1).join(", ") + " or " + before : before;
    return "in " + listed + " " + words.groups + " only";
  }

  // The format's name and its word for the leader come from its format.json (Coalition's "leader", Heroic's "hero").
  function verdict(root, index, card, format) {
    var where = function (text) { return text ? ": " + C.escape(text) : ""; };
    var name = C.escape(format.name);
    var leader = C.escape(format.leader.word);
    if (!card.l) {
      var why = card.r.map(function (code) { return reasonLine(root, card, code, format); }).join("");
      var melds = card.mp ? "<p>It is what " + card.mp.map(C.escape).join(" and ") + " meld into: look those up instead.</p>" : "";
      return '<p class="verdict not-legal">Not legal in ' + name + '</p><ul class="reasons">' + why + "</ul>" + melds;
    }
    if (card.lo) return '<p class="verdict leader-only">Legal only as a ' + leader + "</p>";
    return C.fitsNoDeck(card) ? '<p class="verdict not-legal">Legal, but it fits no ' + name + " deck</p>"
      : '<p class="verdict legal">Legal in ' + name + where(fitsWhere(index, card, format)) + "</p>";
  }

  // A card the format's banlist names in a list (format.json watchlist, exceptions), with the list's words for
  // it and the banlist's link: an exception's condition belongs beside the verdict it qualifies.
  function listNote(root, card, entries, kind, label) {
    var entry = (entries || []).filter(function (w) { return w.name.toLowerCase() === card.n.toLowerCase(); })[0];
    return entry ? '<p class="' + kind + '"><strong>' + label + ":</strong> " + C.escape(entry.reason) +
      ' (<a href="' + root + 'banlist/">banlist</a>)</p>' : "";
  }

  function banlistNotes(root, card, format) {
    return listNote(root, card, format.exceptions, "exception", "Allowed by exception") +
      listNote(root, card, format.watchlist, "watch", "On the watchlist");
  }

  function render(root, index, card, format) {
    var words = wordsOf(format);
    // The frame shows the card's name until the image covers it (and instead of it, offline).
    var image = C.safeUrl(card.img) ? '<div class="lookup-image card-frame" data-name="' + C.escape(card.n) + '"><img src="' +
      C.escape(card.img) + '" alt="' + C.escape(card.n) + '" width="244" height="340" loading="lazy"></div>' : "";
    return '<article class="lookup-card">' + image + "<div>" +
      "<h2>" + C.escape(card.n) + ' <span class="mana">' + C.escape(card.m) + "</span></h2>" +
      '<p class="type-line">' + C.escape(card.t) + "</p>" + verdict(root, index, card, format) + banlistNotes(root, card, format) +
      "<dl><dt>Copies in a deck</dt><dd>" + copiesText(card, format, words) + "</dd>" +
      (format.identity === "color" ? C.lookupIdentity(root, card, format, function (text) { return ruleLinks(root, text, format); }) :
        "<dt>" + C.escape(capital(words.identity)) + "</dt><dd><ul>" + affiliationList(root, card, format) + "</ul></dd>" +
        (card.i ? "<dt>Not read as types</dt><dd><ul>" + ignoredList(root, card, format) + "</ul></dd>" : "") +
        "<dt>Fits</dt><dd>" + fitsSection(root, index, card, words) + "</dd>") + "</dl>" +
      (C.safeUrl(card.u) ? '<p><a href="' + C.escape(card.u) + '">See it on Scryfall</a></p>' : "") + "</div></article>";
  }

  C.lookupCard = { render: render };
})();

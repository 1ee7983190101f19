/* The groups of a big card table (cardtable.js): a pool's card groups, each a heading ("Instants <small>7
   cards</small>", the card_groups words of data/cards/vocabulary.yml, written by the page or by pooltables.js)
   over its table. While a choice (words, colour, mana value) leaves a group with no card, its heading and what
   stands between it and its table are hidden, and so are the page's links to it (the jump list of groups, the
   table of contents): on a phone each emptied group took a screenful to scroll past. The links to the other
   groups say their counts as the headings do ("3 of 412 cards"). The count beside the
   filter then says which groups hold the matches, in the headings' words; when none does, one note says so
   (emptyNote). A table with no heading of its own (a banlist's folded list) is never hidden: its part says
   that it is empty under it. */
(function () {
  "use strict";
  var C = (window.Coalition = window.Coalition || {});

  // The group a table belongs to: its nearest heading before it, with the elements from that heading up to the
  // table (a hint between them: a type page's changelings), the heading's words and count (<small>), and the
  // list items that link to the heading. Null when the table has no heading before it.
  C.tableGroup = function (table) {
    var around = [];
    for (var before = table.previousElementSibling; before; before = before.previousElementSibling) {
      around.push(before);
      if (/^H[1-6]$/.test(before.tagName)) return groupOf(before, around);
    }
    return null;
  };

  function groupOf(heading, around) {
    var words = heading.cloneNode(true);
    Array.prototype.forEach.call(words.querySelectorAll("small, .headerlink"), function (node) { node.remove(); });
    // The page's own links to it, "#creature" or written whole with the address's choices (tableaddress.js).
    var links = heading.id ? Array.prototype.filter.call(
      document.querySelectorAll('li > a[href$="#' + CSS.escape(heading.id) + '"]'),
      function (link) { return link.pathname === window.location.pathname; }).map(function (link) { return link.parentNode; }) : [];
    var count = heading.querySelector("small");
    return { heading: heading, count: count, title: words.textContent.trim(), around: around.concat(links), folded: false,
             linkCounts: count ? linkCounts(links, count.textContent.trim()) : [], said: null };
  }

  // Where each link to a group says its count: the text holding the heading's count at rest ("585 cards":
  // the jump list above a type's pool, "Creatures 585 cards" in the table of contents), as {node, before,
  // after} around it; a link saying no count is left alone.
  function linkCounts(items, atRest) {
    var found = [];
    if (!atRest) return found;
    items.forEach(function (item) {
      var walker = document.createTreeWalker(item, NodeFilter.SHOW_TEXT);
      for (var node = walker.nextNode(); node; node = walker.nextNode()) {
        var at = node.nodeValue.lastIndexOf(atRest);
        if (at < 0) continue;
        found.push({ node: node, before: node.nodeValue.slice(0, at), after: node.nodeValue.slice(at + atRest.length) });
        return;
      }
    });
    return found;
  }

  // A group's count in its heading's words: "29 of 444 cards" while a choice leaves some of its cards out, else
  // "444 cards" (the filter count's words, tables.js C.countSaid; a part with no count of its own, the bare
  // numbers).
  C.groupCountSaid = function (each) {
    var all = each.rows.length, kept = each.matching.length;
    return each.nouns ? C.countSaid(each.nouns, kept, all, kept !== all)
      : (kept === all ? "" : C.thousands(kept) + " of ") + C.thousands(all);
  };

  // Hides the groups a choice leaves empty and shows the others (each: cardtable.js's part, its `group` from
  // C.tableGroup and its `matching` rows). Only a page of several groups folds them: with no choice, or one
  // table, every group shows. Each element is written only when it changes: a key typed writes nothing else.
  // The page's links to a group say how many of its cards the choices keep, in its heading's words, as soon as
  // they are counted (its heading waits for its rows when it is far below): a jump list saying "Lands 412
  // cards" under a filter that kept 3 of them sent the reader looking for 412.
  C.foldGroups = function (parts, narrowed) {
    parts.forEach(function (each) {
      if (!each.group) return;
      sayInLinks(each.group, C.groupCountSaid(each));
      var fold = Boolean(narrowed && parts.length > 1 && !each.matching.length);
      if (each.group.folded === fold) return;
      each.group.folded = fold;
      each.group.around.forEach(function (element) { element.hidden = fold; });
    });
  };

  function sayInLinks(group, said) {
    if (group.said === said) return;
    group.said = said;
    group.linkCounts.forEach(function (at) { at.node.nodeValue = at.before + said + at.after; });
  }

  // What the filter's count adds when the matches stand in fewer groups than the page shows: ", all in
  // Instants", ", in Creatures (9) and Instants (3)"; else "".
  C.groupsSaid = function (parts, narrowed) {
    if (!narrowed || parts.length < 2 || !parts.every(function (each) { return each.group; })) return "";
    var holding = parts.filter(function (each) { return each.matching.length; });
    if (!holding.length || holding.length === parts.length) return "";
    if (holding.length === 1) return ", all in " + holding[0].group.title;
    var said = holding.map(function (each) { return each.group.title + " (" + C.thousands(each.matching.length) + ")"; });
    return ", in " + said.slice(0, -1).join(", ") + " and " + said[said.length - 1];
  };

  // Every group emptied by the filters: one note above the tables. For a card the words name that the page
  // does not list, why not (explain(typed): a promise of the note's HTML, or of null); else for a name typed
  // with a slip the nearest name by the site's one matcher (names.js), which a tap puts in the filter.
  C.emptyNote = function (note, parts, filter, choose, explain) {
    var lone = parts.length === 1 && parts[0].none.textContent;
    note.textContent = lone || "No card matches.";
    var typed = filter.trim();
    // Each note asked for answers only while it is the latest: the same words drawn again (the format's type
    // spellings came in) asked twice, and both answers added their "Did you mean".
    var asked = String(Number(note.getAttribute("data-asked") || 0) + 1);
    note.setAttribute("data-asked", asked);
    // Busy until the latest words' answer is in: a screen reader reads the note once, whole, and the browser
    // tests know the explanation has had its chance (settle() waits for it).
    note.removeAttribute("aria-busy");
    if (!typed) return;
    note.setAttribute("aria-busy", "true");
    var done = function () { if (note.getAttribute("data-asked") === asked) note.removeAttribute("aria-busy"); };
    var names = C.names ? Promise.resolve() : Promise.all(["names-keys.js", "names.js"].map(function (name) {
      return C.loadScript(C.siteRoot() + "assets/js/" + name);   // in this order: names.js builds on names-keys.js
    }));
    names.then(function () {
      return explain ? explain(typed) : null;
    }).then(function (said) {
      if (note.hidden || note.getAttribute("data-asked") !== asked) return;   // asked again since
      if (said) {
        note.innerHTML = said;
        return;
      }
      var rows = [].concat.apply([], parts.map(function (each) { return each.rows; }));
      // A name's part before its comma stands as a face: "krenco" is a slip of Krenko, not of the whole name.
      var index = new C.names.NameIndex(rows.map(function (row) {
        return { name: row.name, faces: row.name.indexOf(",") > 0 ? [row.name.split(",")[0]] : [], legend: false };
      }));
      var near = index.suggest(typed, 1).map(function (i) { return rows[i].name; })[0];
      if (!near || note.hidden) return;
      var button = document.createElement("button");
      button.type = "button";
      button.className = "did-you-mean";
      button.textContent = near;
      button.addEventListener("click", function () { choose(near); });
      note.append(" Did you mean ", button, "?");
    }, function () {}).then(done, done);
  };
})();

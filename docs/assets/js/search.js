/* The site's search box knows cards, in the format of the page it is on: above the theme's page results it
   lists, from that format's data/cards.json (loaded when the box is first focused), the cards the words name
   with their verdict there (each opens that format's card lookup), then its types (a typal format's type pages)
   or its color identities (an identity format's identity pages) that the words name, and a rule number as a
   jump to its rule in every format whose rules text defines it (12.5e, 3.8, 2e-ii: the numbers of each
   format's data/format.json `rule_urls`), the page's own format first.
   A page's format is the one it names (front matter `format:`, a format's folder under data/formats/, which
   overrides/main.html writes into <meta name="coalition-format">: the trackers under play/ are Heroic's and
   Mazerunner's wherever they sit), else the one whose home holds the page: the longest home, among the
   formats the site's own format.json lists, that the page's address starts with. Its words (leader, hero,
   army) are its format.json's.
   Enter opens the card, type, identity or rule the words name exactly; anything else is the theme's own
   search. None of this depends on which pages the theme indexes: generated pages are left out of its index.
   It is on every page, but what it draws on (cards.js, the name matcher of names-keys.js and names.js, the
   card index) is loaded the first time someone focuses the box: most visits never search. Offline, with no card index kept, it says so and offers
   the lookups kept on the device (docs/sw.js keeps the pages visited). The card lookup asks it
   (C.siteSearch) for the type and rules its words name. The site's formats and their rules are searchrules.js's. */
(function () {
  "use strict";
  var C = (window.Coalition = window.Coalition || {});
  var R = C.searchRules;   // the site's formats and their rules (searchrules.js, run before this)
  var WUBRG = "WUBRG";
  var CARDS = 6;
  var TYPES = 5;
  // The lookup whose field gets the keyboard once it has loaded (sessionStorage: Enter may load a new page).
  var FOCUS_KEY = "coalition-search-focus";
  var started = false;   // someone typed: Enter is ours from then on
  var timer = null;

  // cards.js and the name matcher (names-keys.js, names.js), unless the page has them (the lookup, the validator…).
  function helpers() {
    if (C.loadCards && C.names) return Promise.resolve();
    var base = C.siteRoot() + "assets/js/";
    // names.js after names-keys.js, whose C.nameKeys it builds on (added together, they run in this order).
    return Promise.all(["cards.js", "names-keys.js", "names.js"].map(function (name) { return C.loadScript(base + name); }));
  }

  // The page's format: {entry, format (its format.json), loaded (its card index), forms, words}.
  function pageFormat(root) {
    return R.siteFormats(root).then(function (list) {
      var entry = R.byHome(list)[0];
      return R.formatJson(entry).then(C.usableFormat).then(function (format) {
        return C.loadCards(new URL(format.cards_url || "cards.json", entry.url).href).then(function (loaded) {
          if (!loaded.names) loaded.names = C.names.NameIndex.fromCards(loaded.cards);
          if (!entry.forms) entry.forms = keyedForms(format.type_forms);
          return { entry: entry, format: format, loaded: loaded, forms: entry.forms, words: C.formatWords(format) };
        });
      });
    });
  }

  function verdict(card, words) {
    if (!card.l) return '<span class="verdict not-legal">not legal</span>';
    if (card.lo) return '<span class="verdict leader-only">' + C.escape(words.leader) + " only</span>";
    return C.fitsNoDeck(card) ? '<span class="verdict not-legal">fits no deck</span>' : '<span class="verdict legal">legal</span>';
  }

  // A format.json's `type_forms` (every spelling the build knows: "goblins", "elves", "mice"), keyed as typed
  // names are: the plural rule is the build's (data/cards/creature_types.yml), not guessed here.
  function keyedForms(typeForms) {
    var keyed = {};
    Object.keys(typeForms || {}).forEach(function (form) { keyed[C.names.key(form)] = typeForms[form]; });
    return keyed;
  }

  // The format's types by name (the types its leaders lead, cards.json "L"): any spelling of a type finds it
  // ("elves" Elf), "gob" the types starting so. An identity format's leaders lead none.
  function typeHits(loaded, forms, query) {
    var wanted = C.names.key(query);
    if (wanted.length < 3) return [];
    var named = Object.prototype.hasOwnProperty.call(forms, wanted) ? forms[wanted] : null;
    var exact = [];
    var starts = [];
    loaded.coalitionTypes.forEach(function (type) {
      var own = C.names.key(type);
      if (own === wanted || type === named) exact.push(type);
      else if (own.indexOf(wanted) === 0) starts.push(type);
    });
    return exact.concat(starts).slice(0, TYPES);
  }

  // The type the words name exactly, in any spelling of it ("elves": Elf), or null.
  function typeNamed(loaded, forms, query) {
    var first = typeHits(loaded, forms, query)[0], wanted = C.names.key(query);
    return first && (forms[wanted] === first || C.names.key(first) === wanted) ? first : null;
  }

  // The color identities with a page (format.json identity_sizes) the words name: their letters in any order
  // ("ru"), the name the format gives one (identity_names: "izzet"), then the names they start ("gru"). Each
  // {letters, name, exact}; none in a format without identity pages.
  function identityHits(format, query) {
    var sizes = format.identity_sizes || [], names = format.identity_names || {};
    var typed = C.names.key(query), letters = typed.replace(/\s+/g, "").toUpperCase();
    var ordered = WUBRG.split("").filter(function (c) { return letters.indexOf(c) >= 0; }).join("");
    var exact = [], starts = [];
    if (sizes.indexOf(letters.length) >= 0 && ordered.length === letters.length) exact.push(ordered);
    Object.keys(names).forEach(function (id) {
      var own = C.names.key(names[id]);
      if (own === typed && exact.indexOf(id) < 0) exact.push(id);
      else if (typed.length >= 3 && own !== typed && own.indexOf(typed) === 0) starts.push(id);
    });
    return exact.map(function (id) { return { letters: id, name: names[id], exact: true }; }).concat(starts.map(function (id) {
      return { letters: id, name: names[id], exact: false };
    })).slice(0, TYPES);
  }

  function identityHref(home, letters) { return home + "identities/" + letters.toLowerCase() + "/"; }
  function typeHref(home, type) { return home + "types/" + C.slugify(type) + "/"; }
  function lookupHref(home, name) { return home + "lookup/?card=" + encodeURIComponent(name); }
  function capital(text) { return text.charAt(0).toUpperCase() + text.slice(1); }

  function link(href, title, note, extra) {
    // The first child carries a score: the theme's Enter reads one from every result link's first child.
    return '<li><a href="' + C.escape(href) + '"><span class="coalition-hit" data-md-score="0"><strong>' + title +
      "</strong> " + note + "</span></a>" + (extra || "") + "</li>";
  }

  function cardList(here, query) {
    var home = here.entry.home, loaded = here.loaded, words = here.words;
    return loaded.names.suggest(query, CARDS).map(function (i) {
      var card = loaded.cards[i];
      var leader = card.L && card.L.length ? ' <a class="coalition-hit-extra" href="' + home + "leaders/" + C.slugify(card.n) +
        '/">' + C.escape(words.leader) + " page</a>" : "";
      return link(lookupHref(home, card.n), C.escape(card.n),
        verdict(card, words) + ' <span class="coalition-hit-type">' + C.escape(card.t) + "</span>", leader);
    }).join("");
  }

  // The format's types, else its identities, the words name: each a link to its page, in the format's words.
  function groupList(here, query) {
    var home = here.entry.home, words = here.words;
    var types = typeHits(here.loaded, here.forms, query).map(function (type) {
      return link(typeHref(home, type), C.escape(C.groupName(here.format, type)), "");
    });
    var identities = identityHits(here.format, query).map(function (hit) {
      return link(identityHref(home, hit.letters), C.escape(hit.name ? hit.name + " (" + hit.letters + ")" : hit.letters),
        C.escape(words.type));
    });
    return types.concat(identities).join("");
  }

  // `found`: ruleSearch's answer, {hits, unread}.
  function render(box, here, found, query) {
    var html = "", rules = found.hits;
    if (rules.length) {
      html += "<h2>Rule</h2><ul>" + rules.map(function (rule) {
        return link(rule.href, C.escape(rule.title), C.escape(rule.note),
          rule.text ? '<span class="coalition-hit-rule">' + C.linkedWords(rule.text) + "</span>" : "");
      }).join("") + "</ul>";
    }
    html += unreadNote(found.unread, query, !rules.length);
    var cards = cardList(here, query), groups = groupList(here, query);
    if (cards) html += "<h2>Cards in " + C.escape(here.format.name || here.entry.name) + "</h2><ul>" + cards + "</ul>";
    if (groups) html += "<h2>" + C.escape(capital(here.words.types)) + "</h2><ul>" + groups + "</ul>";
    box.classList.remove("offline");
    box.innerHTML = html;
    box.hidden = !html;
  }

  // No format read defines the number, and some format's rules could not be read: it may be one of theirs (as
  // the lookup says), not nothing, nor the theme's "No matching documents".
  function unreadNote(unread, query, none) {
    if (!none || !unread.length) return "";
    var said = "\u201c" + C.escape(query.trim()) + "\u201d";
    return '<h2>Rule</h2><p class="rules-unread" role="status">' + R.unreadWords(said, unread) + "</p>";
  }

  // Where Enter goes: a rule number, the card the words name exactly (or a legend's short name), the type, the
  // identity.
  function exactTarget(here, rules, query) {
    if (rules.length) return rules[0].href;
    if (!here) return null;
    var home = here.entry.home, position = here.loaded.names.resolve(query);
    if (position !== null && position !== undefined && position !== false) return lookupHref(home, here.loaded.cards[position].n);
    var types = typeHits(here.loaded, here.forms, query);
    if (types.length && (here.forms[C.names.key(query)] === types[0] || C.names.key(types[0]).length + 2 >= C.names.key(query).length)) {
      return typeHref(home, types[0]);
    }
    var identity = identityHits(here.format, query)[0];
    return identity && identity.exact ? identityHref(home, identity.letters) : null;
  }

  function hitsBox() {
    var result = document.querySelector(".md-search-result");
    if (!result) return null;
    var box = result.querySelector(".coalition-search");
    if (!box) {
      box = document.createElement("div");
      box.className = "coalition-search";
      box.hidden = true;
      result.insertBefore(box, result.firstChild);
    }
    return box;
  }

  function onInput(input) {
    var box = hitsBox();
    if (!box) return;
    started = true;
    helpers().then(function () { answer(input, box); }, function () { failed(box); });
  }

  // The card lookups the service worker keeps on this device (docs/sw.js keeps every page visited), the
  // page's own format's first: [{href, name, own}]. Without the list of formats, the site's own lookup.
  function keptLookups(root) {
    if (!window.caches) return Promise.resolve([]);
    return R.siteFormats(root).then(R.byHome, function () { return [{ home: root, name: "", unsure: true }]; }).then(function (list) {
      return Promise.all(list.map(function (entry, i) {
        return lookupKept(entry).then(function (kept) {
          return kept ? { href: entry.home + "lookup/", name: entry.name, own: i === 0 && !entry.unsure } : null;
        });
      }));
    }).then(function (lookups) { return lookups.filter(Boolean); });
  }

  // Whether a format's lookup works here offline: its page, its format.json and the card index it names kept.
  function lookupKept(entry) {
    var held = function (url) { return window.caches.match(url, { ignoreSearch: true }); };
    return Promise.all([held(entry.home + "lookup/"), held(entry.url)]).then(function (found) {
      return found[0] && found[1] ? found[1].json().then(function (format) {
        return held(new URL(format.cards_url || "cards.json", entry.url).href).then(Boolean);
      }) : false;
    }).then(null, function () { return false; });
  }

  // The card index could not be read: offline, say so (the theme's "Initializing search" is hidden beside it,
  // coalition.css) and offer the lookups kept here; online, that it failed (typing again asks again).
  function failed(box) {
    box.hidden = false;
    box.classList.toggle("offline", navigator.onLine === false);
    if (navigator.onLine !== false) {
      box.innerHTML = '<p role="status">The card index could not be loaded: type again to retry.</p>';
      return Promise.resolve([]);
    }
    box.innerHTML = '<p role="status">You are offline, and this device has not kept the card index the search needs.</p>';
    return keptLookups(C.siteRoot()).then(function (lookups) {
      if (lookups.length) {
        box.querySelector("p").insertAdjacentHTML("beforeend", " Kept here: " + lookups.map(function (lookup) {
          return '<a href="' + C.escape(lookup.href) + '">' + C.escape(((lookup.name || "") + " card lookup").trim()) + "</a>";
        }).join(", ") + ".");
      }
      return lookups;
    });
  }

  function answer(input, box) {
    var query = input.value;
    clearTimeout(timer);
    if (C.names.key(query).length < 2 && !R.ruleShaped.test(query)) {
      box.hidden = true;
      box.innerHTML = "";
      return;
    }
    timer = setTimeout(function () {
      var root = C.siteRoot();
      Promise.all([pageFormat(root), R.ruleSearch(root, query)]).then(function (found) {
        if (input.value === query) render(box, found[0], found[1], query);
      }, function () { failed(box); });
    }, 60);
  }

  document.addEventListener("input", function (event) {
    if (event.target && event.target.matches && event.target.matches("input.md-search__input")) onInput(event.target);
  });

  // Focusing the box is the first sign of a search: the page's card index is loaded then, and its name index
  // and trigrams are built when the page is next idle, while the reader types. The first answer waited ~2 s
  // at 4x for them, on today's 30,000 cards (bench/bench_search.py). A failure says nothing here: typing asks
  // again, and says why.
  document.addEventListener("focusin", function (event) {
    if (!event.target || !event.target.matches || !event.target.matches("input.md-search__input")) return;
    helpers().then(function () { return pageFormat(C.siteRoot()); }).then(function (here) {
      C.whenIdle(function () { here.loaded.names.prepare(); }, 1000);
    }).then(null, function () {});
  });

  // Enter on an exact name, type, identity or rule number: go there instead of the theme's best page. With no
  // card index to read (offline), the page's own lookup when this device keeps it, else the words say why.
  window.addEventListener("keydown", function (event) {
    var input = event.target;
    if (event.key !== "Enter" || !input || !input.matches || !input.matches("input.md-search__input")) return;
    var query = input.value;
    var root = C.siteRoot();
    if (!R.ruleShaped.test(query) && !started) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    helpers().then(function () { return R.ruleHits(root, query); }).then(function (rules) {
      return Promise.all([rules.length || !started ? null : pageFormat(root), rules]);
    }).then(function (found) {
      var target = exactTarget(found[0], found[1], query);
      // A listed answer, not a link inside a line of words (the "could not be loaded" line's rules page): that
      // one is followed only when the reader moves to it, as the theme's Enter takes only its result links.
      var first = document.querySelector(".coalition-search li > a, .md-search-result__list a");
      if (!target && first) target = first.href;
      if (target) go(target);
    }, function () {
      var box = hitsBox();
      if (!box) return;
      failed(box).then(function (lookups) {
        if (lookups.length && lookups[0].own) go(lookups[0].href + "?card=" + encodeURIComponent(query));
      });
    });
  }, true);

  // What the card lookup (lookup.js) offers beside a card: the type and the rules the words name.
  C.siteSearch = { ruleHits: R.ruleHits, ruleSearch: R.ruleSearch, keyedForms: keyedForms, typeNamed: typeNamed,
                   ruleShaped: R.ruleShaped };

  // A click on a link, so the theme's instant navigation (and its closing of the search) takes it. A card
  // lookup's field gets the keyboard once it is ready (focusLookup), not the page's body.
  function go(href) {
    var anchor = document.createElement("a");
    anchor.href = href;
    anchor.hidden = true;
    try {
      if (/\/lookup\/$/.test(anchor.pathname)) window.sessionStorage.setItem(FOCUS_KEY, anchor.pathname);
    } catch (error) { /* no storage: the keyboard stays where the theme puts it */ }
    (hitsBox() || document.body).appendChild(anchor);
    anchor.click();
    anchor.remove();
  }

  // On the lookup the search opened: its field, enabled once its card index is read, gets the keyboard. Only a
  // lookup reads the note: a page's first look at its session storage cost 2-44 ms of a 4x-slowed start.
  function focusLookup() {
    var field = document.getElementById("lookup-input"), wanted = null;
    if (!field) return;
    try {
      wanted = window.sessionStorage.getItem(FOCUS_KEY);
      window.sessionStorage.removeItem(FOCUS_KEY);
    } catch (error) { return; }
    if (!wanted || wanted !== window.location.pathname) return;
    if (!field.disabled) return field.focus();
    var watcher = new MutationObserver(function () {
      if (field.disabled) return;
      watcher.disconnect();
      field.focus();
    });
    watcher.observe(field, { attributes: true, attributeFilter: ["disabled"] });
  }
  C.onPage(focusLookup);
})();

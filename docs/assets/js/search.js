/* The site's search box knows cards: above the theme's page results it lists, from data/cards.json (loaded
   the first time someone types), the cards the words name with their verdict (each opens the card lookup),
   then the coalition types and leaders whose names match, and a rule number as a jump to its rule in every
   format whose rules text defines it (12.5e, 3.8, 2e-ii: the numbers of each format's data/format.json
   `rule_urls`, the formats listed by the site's own format.json; the page's own format first).
   Enter opens the card, type or rule the words name exactly; anything else is the theme's own search. None
   of this depends on which pages the theme indexes: generated pages are left out of its index for speed.
   It is on every page, but what it draws on (cards.js, names.js) is loaded the first time someone types:
   most visits never search. The card lookup asks it (C.siteSearch) for the type and rules its words name. */
(function () {
  "use strict";
  var C = (window.Coalition = window.Coalition || {});
  // Shaped like a rule number of some format; whether it is one, each format's data says.
  var RULE = /^\s*(?:rule\s+)?(\d+(?:\.\d+)?[a-z]?(?:-[ivx]+)?)\.?\s*$/i;
  var CARDS = 6;
  var TYPES = 5;
  var index = null;
  var formats = null;
  var forms = null;   // the site's type spellings keyed as typed names are, made once (typeForms)
  var timer = null;

  // cards.js and names.js, unless the page has them already (the lookup, the validator…).
  function helpers() {
    if (C.loadCards && C.names) return Promise.resolve();
    var base = C.siteRoot() + "assets/js/";
    return Promise.all([C.loadScript(base + "cards.js"), C.loadScript(base + "names.js")]);
  }

  function cards() {
    if (!index) {
      index = C.loadCards(C.siteRoot() + "data/cards.json").then(function (loaded) {
        if (!loaded.names) loaded.names = C.names.NameIndex.fromCards(loaded.cards);
        return loaded;
      });
      index.catch(function () { index = null; });
    }
    return index;
  }

  // Every format's format.json (the site's own lists them all), each with the URL it was read from.
  function formatData(root) {
    if (!formats) {
      var own = root + "data/format.json";
      formats = C.loadJson(own).then(function (site) {
        return Promise.all((site.formats || [{ url: "format.json" }]).map(function (entry) {
          var url = new URL(entry.url, own).href;
          return (url === own ? Promise.resolve(site) : C.loadJson(url)).then(function (data) {
            return { url: url, data: data };
          }, function () { return null; });
        }));
      }).then(function (list) { return list.filter(Boolean); });
      formats.catch(function () { formats = null; });
    }
    return formats;
  }

  // The rule the words name in each format whose rules define it, the page's own format first (the one
  // whose home holds the page: the longest home that the page's address starts with).
  function ruleHits(root, query) {
    var match = RULE.exec(query);
    if (!match) return Promise.resolve([]);
    var number = match[1].toLowerCase();
    return formatData(root).then(function (list) {
      var here = window.location.href;
      return list.filter(function (entry) {
        return Object.prototype.hasOwnProperty.call(entry.data.rule_urls || {}, number);
      }).map(function (entry) {
        var home = new URL("../", entry.url).href;
        return { href: new URL(entry.data.rule_urls[number], entry.url).href, title: "Rule " + number,
                 note: (entry.data.name || "") + "\u2019s rules", home: here.indexOf(home) === 0 ? home.length : 0 };
      }).sort(function (a, b) { return b.home - a.home; });
    }, function () { return []; });
  }

  function verdict(card) {
    if (!card.l) return '<span class="verdict not-legal">not legal</span>';
    return card.lo ? '<span class="verdict leader-only">leader only</span>' : '<span class="verdict legal">legal</span>';
  }

  // A format.json's `type_forms` (every spelling the build knows: "goblins", "elves", "mice"), keyed as typed
  // names are: the plural rule is the build's (data/cards/creature_types.yml), not guessed here.
  function keyedForms(typeForms) {
    var keyed = {};
    Object.keys(typeForms || {}).forEach(function (form) { keyed[C.names.key(form)] = typeForms[form]; });
    return keyed;
  }

  // The site's own format.json's spellings, keyed.
  function typeForms(root) {
    if (forms) return forms;
    var own = root + "data/format.json";
    forms = formatData(root).then(function (list) {
      var site = list.filter(function (entry) { return entry.url === own; })[0];
      return keyedForms(site && site.data.type_forms);
    }, function () { forms = null; return {}; });
    return forms;
  }

  // Coalition types by name: any spelling of a type finds it ("elves" Elf), "gob" the types starting so.
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

  function link(href, title, note, extra) {
    // The first child carries a score: the theme's Enter reads one from every result link's first child.
    return '<li><a href="' + C.escape(href) + '"><span class="coalition-hit" data-md-score="0"><strong>' + title +
      "</strong> " + note + "</span></a>" + (extra || "") + "</li>";
  }

  function render(box, root, loaded, rules, forms, query) {
    var positions = loaded.names.suggest(query, CARDS);
    var types = typeHits(loaded, forms, query);
    var html = "";
    if (rules.length) {
      html += "<h2>Rule</h2><ul>" + rules.map(function (rule) {
        return link(rule.href, C.escape(rule.title), C.escape(rule.note));
      }).join("") + "</ul>";
    }
    if (positions.length) {
      html += "<h2>Cards</h2><ul>" + positions.map(function (i) {
        var card = loaded.cards[i];
        var leader = card.L && card.L.length ? ' <a class="coalition-hit-extra" href="' + root + "leaders/" + C.slugify(card.n) + '/">leader page</a>' : "";
        return link(root + "lookup/?card=" + encodeURIComponent(card.n), C.escape(card.n),
          verdict(card) + ' <span class="coalition-hit-type">' + C.escape(card.t) + "</span>", leader);
      }).join("") + "</ul>";
    }
    if (types.length) {
      html += "<h2>Coalition types</h2><ul>" + types.map(function (type) {
        return link(root + "types/" + C.slugify(type) + "/", C.escape(type) + " coalition", "");
      }).join("") + "</ul>";
    }
    box.innerHTML = html;
    box.hidden = !html;
  }

  // Where Enter goes: a rule number, the card the words name exactly (or a legend's short name), the type.
  function exactTarget(root, loaded, rules, forms, query) {
    if (rules.length) return rules[0].href;
    var position = loaded && loaded.names.resolve(query);
    if (position !== null && position !== undefined && position !== false) {
      return root + "lookup/?card=" + encodeURIComponent(loaded.cards[position].n);
    }
    var types = loaded ? typeHits(loaded, forms, query) : [];
    if (types.length && (forms[C.names.key(query)] === types[0] || C.names.key(types[0]).length + 2 >= C.names.key(query).length)) {
      return root + "types/" + C.slugify(types[0]) + "/";
    }
    return null;
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
    helpers().then(function () { answer(input, box); }, function () { failed(box); });
  }

  function failed(box) {
    box.hidden = false;
    box.innerHTML = "<p>The card index could not be loaded.</p>";
  }

  function answer(input, box) {
    var query = input.value;
    clearTimeout(timer);
    if (C.names.key(query).length < 2 && !RULE.test(query)) {
      box.hidden = true;
      box.innerHTML = "";
      return;
    }
    timer = setTimeout(function () {
      var root = C.siteRoot();
      Promise.all([cards(), ruleHits(root, query), typeForms(root)]).then(function (found) {
        if (input.value === query) render(box, root, found[0], found[1], found[2], query);
      }, function () { failed(box); });
    }, 60);
  }

  document.addEventListener("input", function (event) {
    if (event.target && event.target.matches && event.target.matches("input.md-search__input")) onInput(event.target);
  });

  // Enter on an exact name, type or rule number: go there instead of the theme's best page.
  window.addEventListener("keydown", function (event) {
    var input = event.target;
    if (event.key !== "Enter" || !input || !input.matches || !input.matches("input.md-search__input")) return;
    var query = input.value;
    var root = C.siteRoot();
    var rule = RULE.test(query);
    if (!rule && !index) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    helpers().then(function () { return ruleHits(root, query); }).then(function (rules) {
      return Promise.all([rules.length || !index ? null : cards(), rules, typeForms(root)]);
    }).then(function (found) {
      var target = exactTarget(root, found[0], found[1], found[2], query);
      var first = document.querySelector(".coalition-search a, .md-search-result__list a");
      if (!target && first) target = first.href;
      if (target) go(target);
    });
  }, true);

  // What the card lookup (lookup.js) offers beside a card: the type and the rules the words name.
  C.siteSearch = { ruleHits: ruleHits, keyedForms: keyedForms, typeNamed: typeNamed };

  // A click on a link, so the theme's instant navigation (and its closing of the search) takes it.
  function go(href) {
    var anchor = document.createElement("a");
    anchor.href = href;
    anchor.hidden = true;
    (hitsBox() || document.body).appendChild(anchor);
    anchor.click();
    anchor.remove();
  }
})();

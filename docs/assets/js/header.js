/* The theme's header buttons by keyboard. Below 76.25em the menu that opens the navigation drawer, and below
   60em the search button, are <label>s for hidden checkboxes: a tap works, but a label takes no focus, so a
   keyboard or switch user on a phone could not open the navigation at all, and reached the search only by
   tabbing into its hidden field, which pops the search over the page as it gets the focus.

   Here each becomes a button of the tab order with a name (taken from what the theme names the drawer's
   navigation and the search field, in the site's language): Enter or Space opens it; the drawer then takes
   the focus (the first link of the layer it shows), the search its field, as the theme does on a tap; Escape closes either
   and gives the focus back to the button. While the search button is shown, the search's field and results
   leave the tab order (the theme still focuses them by its shortcuts "/", "s", "f" and by the button). The
   theme already clicks a focused label on Enter (how it opens its navigation sections); this handles the
   keys first, so one press is one click. The focus ring is css/keyboard.css's.

   While the drawer is open on a phone it holds the keyboard: Tab and Shift+Tab go round the controls of the layer
   it shows (the theme slides an opened section over the level above it, whose links stay in the page beneath;
   so does the page under the drawer), and its sections' labels (open a section, and back) are buttons. A link to
   a place on the same page is the browser's to follow, and that place takes the focus. */
(function () {
  "use strict";
  var C = window.Coalition;
  var PHONE_SEARCH = window.matchMedia("(max-width: 59.984375em)");   // where the theme shows the search button
  var PHONE_DRAWER = window.matchMedia("(max-width: 76.234375em)");   // where the navigation is a drawer

  function button(toggleId) {
    return document.querySelector('.md-header label.md-header__button[for="' + toggleId + '"]');
  }

  function shown(element) {
    return !!element && element.getClientRects().length > 0;
  }

  // A layer of the drawer: its top level, or a section's (or the page's contents') <nav>, which a toggle beside it
  // slides in over the level above it on a phone; a <nav> without one (the contents' subheadings) is part of
  // the layer that holds it.
  function toggleOf(nav) {
    return nav.parentElement.querySelector(":scope > .md-nav__toggle");
  }

  function layerOf(element) {
    var nav = element.closest("nav");
    while (nav && !nav.classList.contains("md-nav--primary") && !toggleOf(nav)) nav = nav.parentElement.closest("nav");
    return nav;
  }

  // The layer on view: the deepest open one (the levels above it stay in the page beneath it).
  function layerOnView(drawer) {
    var layer = drawer.querySelector(".md-nav--primary");
    Array.prototype.forEach.call(drawer.querySelectorAll("nav.md-nav"), function (nav) {
      var toggle = toggleOf(nav);
      if (layer && toggle && toggle.checked && layer.contains(nav)) layer = nav;
    });
    return layer;
  }

  // The controls of that layer, in order: its links and its labels made buttons, not those of a layer inside it
  // (each slides in over it only once opened) nor the ones hidden.
  function layerControls(layer) {
    var all = layer ? layer.querySelectorAll("a[href], label[tabindex]") : [];
    return Array.prototype.filter.call(all, function (control) {
      return layerOf(control) === layer && control.tabIndex >= 0 && control.getClientRects().length > 0;
    });
  }

  // Its first link, past the back button of a section's layer (a section's own label counts).
  function firstLink(layer) {
    return layerControls(layer).filter(function (control) { return !control.closest(".md-nav__title"); })[0] || null;
  }

  function syncExpanded(label) {
    var toggle = document.getElementById(label.htmlFor);
    label.setAttribute("aria-expanded", toggle && toggle.checked ? "true" : "false");
  }

  // Into the drawer as it slides in (no scroll: it is still off the screen's edge at this moment).
  function openDrawer() {
    var drawer = document.querySelector(".md-sidebar--primary");
    var first = drawer && firstLink(layerOnView(drawer));
    if (first) first.focus({ preventScroll: true });
  }

  function makeButton(label, name, afterOpen) {
    label.setAttribute("tabindex", "0");
    label.setAttribute("role", "button");
    if (name) label.setAttribute("aria-label", name);
    syncExpanded(label);
    // The theme also closes both without a change event (on every navigation): said again when focused.
    document.getElementById(label.htmlFor).addEventListener("change", function () { syncExpanded(label); });
    label.addEventListener("focus", function () { syncExpanded(label); });
    label.addEventListener("keydown", function (event) {
      if (event.key !== "Enter" && event.key !== " ") return;
      event.preventDefault();                         // no page scroll for Space
      event.stopPropagation();                        // nor the theme's own click on Enter: one press, one click
      label.click();
      syncExpanded(label);
      if (document.getElementById(label.htmlFor).checked && afterOpen) afterOpen();
    });
  }

  // Escape closes an open drawer, or lets the theme close the search, and the focus goes back to the button.
  function closeOnEscape(menu, search) {
    document.addEventListener("keydown", function (event) {
      if (event.key !== "Escape") return;
      var drawer = document.getElementById("__drawer");
      if (menu && drawer && drawer.checked) {
        drawer.checked = false;
        syncExpanded(menu);
        menu.focus();
      } else if (shown(search) && document.getElementById("__search").checked) {
        window.setTimeout(function () { syncExpanded(search); search.focus(); }, 0);   // after the theme's close
      }
    });
  }

  // Only one way into the search at a time: its button where the theme shows it, else its field. The results'
  // scrolling box is no stop of its own (the theme's tabindex 0 made an invisible one, 0 px tall while there
  // are no results); its result links are, and the theme's arrow keys move between them. Without a result link
  // it does not scroll either (css/keyboard.css), so no scrolling area is out of the keyboard's reach.
  function searchFieldsInTabOrder() {
    var fields = document.querySelectorAll(".md-search__input, .md-search__scrollwrap");
    var place = function () {
      Array.prototype.forEach.call(fields, function (field) {
        if (PHONE_SEARCH.matches || !field.classList.contains("md-search__input")) field.setAttribute("tabindex", "-1");
        else field.removeAttribute("tabindex");
      });
    };
    place();
    PHONE_SEARCH.addEventListener("change", place);
  }

  function drawerHolds(menu) {
    var toggle = document.getElementById("__drawer");
    return !!toggle && toggle.checked && shown(menu);
  }

  // Tab and Shift+Tab go round the open drawer's layer on view, from wherever the focus is (the menu button,
  // or the page when the drawer was opened by a tap).
  function holdTab(menu) {
    document.addEventListener("keydown", function (event) {
      if (event.key !== "Tab" || event.altKey || event.ctrlKey || event.metaKey || !drawerHolds(menu)) return;
      var controls = layerControls(layerOnView(document.querySelector(".md-sidebar--primary")));
      if (!controls.length) return;
      var at = controls.indexOf(document.activeElement), step = event.shiftKey ? -1 : 1;
      event.preventDefault();
      var next = at < 0 ? (step > 0 ? 0 : controls.length - 1) : (at + step + controls.length) % controls.length;
      controls[next].focus();
    });
  }

  // The drawer's labels that open a section (or the page's contents) and the section's title that goes back
  // are buttons on a phone; the theme leaves some out of the tab order (an open section's, the title). Run on
  // every page: instant navigation brings in a new drawer.
  function sectionButtons() {
    var drawer = document.querySelector(".md-sidebar--primary");
    var labels = drawer ? drawer.querySelectorAll("label.md-nav__link[for], nav.md-nav > label.md-nav__title[for]") : [];
    Array.prototype.forEach.call(labels, function (label) {
      if (label.htmlFor === "__drawer") return;
      if (PHONE_DRAWER.matches) {
        label.setAttribute("tabindex", "0");
        label.setAttribute("role", "button");
      } else if (label.getAttribute("role") === "button") {
        label.removeAttribute("tabindex");
        label.removeAttribute("role");
      }
    });
  }

  // One press, one click (the theme clicks a focused label on Enter too), then the focus goes with the layer:
  // into a section just opened, or back onto the label that opened the one just left.
  function sectionKeys(event) {
    var label = event.target.closest && event.target.closest(".md-sidebar--primary label[role=button][for]");
    if (!label || (event.key !== "Enter" && event.key !== " ")) return;
    event.preventDefault();
    event.stopPropagation();
    var drawer = label.closest(".md-sidebar--primary");
    var toggle = document.getElementById(label.htmlFor);
    label.click();
    var opener = drawer.querySelector('label.md-nav__link[for="' + label.htmlFor + '"]');
    var target = toggle && toggle.checked ? firstLink(layerOnView(drawer)) : opener;
    if (target && shown(target)) target.focus({ preventScroll: true });
  }

  // A link to a place on this page (a skip link, a heading's permalink, the contents) is the browser's to follow,
  // and the place takes the focus (a heading from the script: tabindex -1), so that the next Tab goes on from
  // there. The theme's instant navigation took such a click over once its sitemap was in, and on it (or on the
  // popstate event the browser fires when it follows the link: theme-requests.js keeps that one from the theme)
  // loaded the page again and put a new copy of its content in place (a type page's tables built again from
  // their rows): the focus and the next Tab's starting point went with the old copy, and Tab went on from
  // wherever the page stood once the new one was in.
  function samePageLinks() {
    document.addEventListener("click", function (event) {
      var link = event.target.closest && event.target.closest("a[href*='#']");
      if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey ||
          event.altKey || link.target || link.origin + link.pathname + link.search !==
          window.location.origin + window.location.pathname + window.location.search) return;
      var target = link.hash && document.getElementById(decodeURIComponent(link.hash.slice(1)));
      if (!target) return;
      event.stopPropagation();                        // the browser's default action stays: it scrolls, sets :target
      C.followedHere = link.href;
      if (target.tabIndex < 0 && !target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
      target.focus({ preventScroll: true });
    }, true);
  }

  // The theme's page-loading bar (navigation.instant.progress) had no name and stood outside every landmark,
  // after the page's last one: it goes into the header (the banner, which instant navigation keeps; the bar is
  // fixed to the window's top either way), named. The theme finds it wherever it is.
  function placeProgress() {
    var bar = document.querySelector('.md-progress[role="progressbar"]');
    var header = document.querySelector("header.md-header");
    if (!bar || !header) return;
    bar.setAttribute("aria-label", "Loading the page");
    if (bar.parentElement !== header) header.appendChild(bar);
  }

  function start() {
    placeProgress();
    var menu = button("__drawer");
    var search = button("__search");
    var nav = document.querySelector(".md-nav--primary");
    var field = document.querySelector(".md-search__input");
    if (menu) makeButton(menu, nav && nav.getAttribute("aria-label"), openDrawer);
    if (search) {
      makeButton(search, field && field.getAttribute("aria-label"), null);
      searchFieldsInTabOrder();
    }
    closeOnEscape(menu, search);
    if (menu) holdTab(menu);
    PHONE_DRAWER.addEventListener("change", sectionButtons);
    document.addEventListener("keydown", sectionKeys, true);
    samePageLinks();
  }

  // The theme marks the tab of the section a page is listed in; a page outside the navigation (a leader's, a
  // type's, a commander pool's: thousands, see mkdocs.yml not_in_nav) left every tab plain, and a Heroic hero's
  // page looked like one of Coalition's. Such a page is marked under the tab whose address is the longest start
  // of its own: Heroic's hero pages under Heroic, Coalition's leader pages under Leaders (never under Home).
  function markSectionTab() {
    var items = Array.prototype.slice.call(document.querySelectorAll(".md-tabs__item"));
    items.forEach(function (item) {
      if (item.hasAttribute("data-section-tab")) item.classList.remove("md-tabs__item--active");
      item.removeAttribute("data-section-tab");
    });
    if (!items.length || document.querySelector(".md-tabs__item--active")) return;
    var best = null, longest = 0;
    items.slice(1).forEach(function (item) {
      var link = item.querySelector("a[href]");
      var path = link && new URL(link.href, location.href).pathname;
      if (path && location.pathname.indexOf(path) === 0 && path.length > longest) { best = item; longest = path.length; }
    });
    if (best) {
      best.classList.add("md-tabs__item--active");
      best.setAttribute("data-section-tab", "");
    }
  }

  // The header stays in place through instant navigation: set up once; the drawer comes with every page.
  var started = false;
  C.onPage(function () {
    if (!started) start();
    started = true;
    sectionButtons();
    markSectionTab();
  });
})();

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
   keys first, so one press is one click. The focus ring is coalition.css's. */
(function () {
  "use strict";
  var C = window.Coalition;
  var PHONE_SEARCH = window.matchMedia("(max-width: 59.984375em)");   // where the theme shows the search button

  function button(toggleId) {
    return document.querySelector('.md-header label.md-header__button[for="' + toggleId + '"]');
  }

  function shown(element) {
    return !!element && element.getClientRects().length > 0;
  }

  // The drawer's layer on view: on a phone the theme slides an open section's <nav> over the level above it,
  // whose links stay in the page beneath it; the deepest open one is on top.
  function layerOnView(drawer) {
    var layer = drawer.querySelector(".md-nav--primary");
    Array.prototype.forEach.call(drawer.querySelectorAll("nav[data-md-level]"), function (nav) {
      var toggle = nav.parentElement.querySelector(":scope > .md-nav__toggle");
      if (layer && toggle && toggle.checked && layer.contains(nav)) layer = nav;
    });
    return layer;
  }

  // The first link of that layer (a section's label the theme made focusable counts; a hidden one does not).
  function firstLink(layer) {
    var items = layer ? layer.querySelectorAll(":scope > ul > li > a[href], :scope > ul > li > label[tabindex]") : [];
    for (var i = 0; i < items.length; i++) {
      if (items[i].tabIndex >= 0 && items[i].getClientRects().length) return items[i];
    }
    return null;
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

  // Only one way into the search at a time: its button where the theme shows it, else its field.
  function searchFieldsInTabOrder() {
    var fields = document.querySelectorAll(".md-search__input, .md-search__scrollwrap");
    var place = function () {
      Array.prototype.forEach.call(fields, function (field) {
        if (PHONE_SEARCH.matches) field.setAttribute("tabindex", "-1");
        else if (field.classList.contains("md-search__input")) field.removeAttribute("tabindex");
        else field.setAttribute("tabindex", "0");
      });
    };
    place();
    PHONE_SEARCH.addEventListener("change", place);
  }

  function start() {
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
  }

  // The header stays in place through instant navigation: set up once.
  var started = false;
  C.onPage(function () {
    if (!started) start();
    started = true;
  });
})();

"""Texts drawn once and shown again from their texture (kiosk.drawn_texts), in
a real (offscreen) Kivy window: what is shown is what a fresh drawing of the
same text shows, pixel for pixel, whatever the label drew meanwhile."""

from __future__ import annotations

import pytest


@pytest.fixture
def kept(app):
    """Labels laid out in the window, each text's frame drawn; the shared
    store emptied before and after."""
    from kivy.core.window import Window

    from kiosk.drawn_texts import DRAWN

    DRAWN.forget()
    made: list[object] = []

    def label(text: str, keep: bool = True) -> object:
        from kiosk.widgets import FitLabel

        widget = FitLabel(
            text=text,
            want=24,
            keep_drawn=keep,
            size_hint=(None, None),
            size=(300, 40),
            halign="center",
            valign="middle",
        )
        widget.text_size = (300, None)
        Window.add_widget(widget)
        made.append(widget)
        drawn()
        return widget

    yield label
    for widget in made:
        Window.remove_widget(widget)
    DRAWN.forget()


def drawn() -> None:
    from kivy.base import EventLoop

    for _ in range(2):
        EventLoop.idle()


def pixels(texture) -> bytes:
    return bytes(texture.pixels)


def test_a_text_shown_again_is_the_texture_drawn_for_it_and_reads_the_same(kept):
    first = kept("5 tricks · leads")
    texture = first.texture
    first.text = "6 tricks"
    drawn()
    assert first.texture is not texture
    first.text = "5 tricks · leads"
    drawn()
    assert first.texture is texture
    fresh = kept("5 tricks · leads", keep=False)
    assert fresh.texture is not texture
    assert list(first.texture_size) == list(fresh.texture_size)
    assert pixels(texture) == pixels(fresh.texture)


def test_a_text_changed_before_its_frame_is_kept_as_it_was_drawn(kept):
    """Kivy fills a label's texture when it is first drawn, from whatever the
    label's core holds then: a kept texture is filled when it is kept, so a
    text changed again before the frame does not end up in it."""
    from kivy.clock import Clock

    label = kept("Trick 3")
    label.text = "Trick 4"
    Clock._process_events_before_frame()  # drawn into a new texture, no frame yet
    label.text = "Trick 5"
    Clock._process_events_before_frame()
    drawn()
    other = kept("Trick 4")  # from the store: the texture made for "Trick 4"
    fresh = kept("Trick 4", keep=False)
    assert pixels(other.texture) == pixels(fresh.texture)
    assert pixels(other.texture) != pixels(label.texture)


def test_only_labels_that_ask_are_kept_and_a_colour_is_part_of_the_text(kept):
    from kiosk.drawn_texts import DRAWN

    plain = kept("3 tricks", keep=False)
    assert DRAWN.used == 0
    gold = kept("3 tricks")
    gold.color = (0.9, 0.7, 0.1, 1)
    drawn()
    white = kept("3 tricks")
    assert white.texture is not gold.texture
    assert pixels(white.texture) == pixels(plain.texture)


def test_the_store_holds_its_budget_the_least_lately_shown_given_up(kept):
    from kiosk.drawn_texts import DrawnTexts

    labels = [kept(f"{n} tricks") for n in range(4)]
    size = labels[0].texture.width * labels[0].texture.height * 4
    store = DrawnTexts(budget=8 * size)  # room for eight of them
    for label in labels:
        store.keep(label, store.key(label))
    assert store.used == 4 * size
    store.get(store.key(labels[0]))  # shown again: the most lately shown
    for n in range(4, 9):
        label = kept(f"{n} tricks")
        store.keep(label, store.key(label))
        labels.append(label)
    assert store.used <= store.budget
    assert store.get(store.key(labels[0])) is not None
    assert store.get(store.key(labels[1])) is None  # the least lately shown, given up


def test_a_graphics_context_made_anew_empties_the_store(kept):
    from kivy.graphics.context import get_context

    from kiosk.drawn_texts import DRAWN

    kept("7 tricks")
    assert DRAWN.used > 0
    get_context().reload()
    assert DRAWN.used == 0 and DRAWN.get(DRAWN.key(kept("7 tricks", keep=False))) is None

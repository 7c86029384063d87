"""The touchscreen kiosk (Kivy): `piquet kiosk`.

- `presenter` (with `deal`, `new_partie`, `quick`, `sheet`, `usb`): the logic,
  without Kivy; every tap becomes one journal action.
- `app`, `widgets` and `screens/*.kv`: the Kivy side, one .kv per screen,
  laid out in proportions of the window (docs/kiosk-layout.md).
- `i18n` and `locale/`: English and French, switchable at run time.
- `hardware_wiring`: the printer and the seat buttons from hardware/.
- `screenshots`: the tour behind scripts/screenshots and the layout test.
"""

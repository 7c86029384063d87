"""The screens' names: each has its own .kv file in kiosk/screens/."""

HOME, NEW_NAMES, NEW_RULES, DEAL, END_OF_DEAL, QUICK, SHEET, HISTORY, SETTINGS, LEARN = (
    "home", "new_names", "new_rules", "deal", "end_of_deal", "quick", "sheet", "history",
    "settings", "learn",
)
SCREENS = (HOME, NEW_NAMES, NEW_RULES, DEAL, END_OF_DEAL, QUICK, SHEET, HISTORY, SETTINGS,
           LEARN)

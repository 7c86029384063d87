"""The screens' names: each has its own .kv file in kiosk/screens/."""

(
    HOME,
    NEW_NAMES,
    NEW_RULES,
    NEW_START,
    DEAL,
    END_OF_DEAL,
    DEAL_LINES,
    QUICK,
    SHEET,
    HISTORY,
    SETTINGS,
    LEARN,
) = (
    "home",
    "new_names",
    "new_rules",
    "new_start",
    "deal",
    "end_of_deal",
    "deal_lines",
    "quick",
    "sheet",
    "history",
    "settings",
    "learn",
)
SCREENS = (
    HOME,
    NEW_NAMES,
    NEW_RULES,
    NEW_START,
    DEAL,
    END_OF_DEAL,
    DEAL_LINES,
    QUICK,
    SHEET,
    HISTORY,
    SETTINGS,
    LEARN,
)

# Learn: the rules guide's sections, the hand calculator and the drills
GUIDE_SECTION, CALCULATOR, DRILLS, DRILL_PLAYER = (
    "guide_section",
    "calculator",
    "drills",
    "drill_player",
)
TEACHING = (GUIDE_SECTION, CALCULATOR, DRILLS, DRILL_PLAYER)
SCREENS += TEACHING
# the record of a club (issue 13): statistics and correcting a finished partie's deal
STATS, STATS_PLAYER, STATS_PAIR, CORRECT = "stats", "stats_player", "stats_pair", "correct"
SCREENS += (STATS, STATS_PLAYER, STATS_PAIR, CORRECT)
# three to seven players (kiosk/multi)
MULTI_SCREENS = (
    "multi_names",
    "multi_start",
    "multi_deal",
    "multi_end",
    "multi_quick",
    "chouette_seat",
    "multi_sheet",
    "multi_lines",
)
SCREENS += MULTI_SCREENS

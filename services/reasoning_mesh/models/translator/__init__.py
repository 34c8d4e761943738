"""The translation model: questions as people write them → the planner's own phrasing."""

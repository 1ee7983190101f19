"""Mazerunner league tools: scoring games (rule 4d), reading season files, pairing weekly pods, standings
(rule 4c) and checking a season's decks. The numbers live in data/formats/mazerunner/league.yml."""

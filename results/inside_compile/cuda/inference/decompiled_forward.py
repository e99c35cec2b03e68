# Not captured on this run (cuda): depyf is not installed

"""The executable rules spec: step definitions and drivers for features/<game>/*.feature."""

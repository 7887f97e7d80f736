// Placeholder translation unit for the solver facade (issue 3 replaces it).

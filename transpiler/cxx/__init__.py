"""Tables of C++ and C++ AMP facts every stage reads: arithmetic types (`types`), C++ AMP's
types (`amp_types`), math functions (`mathfuncs`), the short vector classes (`short_vectors`)."""

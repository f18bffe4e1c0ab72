// <amp_graphics.h> of the g++ emulation: textures, and the short vectors where their emulation is there.
#pragma once
#include "amp.h"
#if __has_include("amp_short_vectors.h")
#include "amp_short_vectors.h"
#endif
#include "amp_textures.h"

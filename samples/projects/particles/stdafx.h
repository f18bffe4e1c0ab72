// stdafx.h: the project's precompiled header (PrecompiledHeader "Use" in Particles.vcxproj).
// simulate/kernels.cpp includes it as "stdafx.h" although it lives one folder up: with a
// precompiled header, Visual C++ uses the header that stdafx.cpp (PrecompiledHeader "Create")
// compiled, wherever the including source is.
#pragma once

#include <amp.h>
#include <iostream>
#include <vector>

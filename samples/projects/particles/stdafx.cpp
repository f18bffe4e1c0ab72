// stdafx.cpp: builds the precompiled header (PrecompiledHeader "Create").
#include "stdafx.h"

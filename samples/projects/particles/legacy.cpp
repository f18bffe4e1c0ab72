// legacy.cpp: an old entry point kept in the project but excluded from the build in every
// configuration (ExcludedFromBuild); compiled, it would be a second main.
#include "stdafx.h"

int main()
{
    std::cout << "legacy" << std::endl;
    return 2;
}

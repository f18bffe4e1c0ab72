// amptest/amp.data.h (amppy): the suite's data helpers (CreateArrayAndFillData, ...) are in data.h
#pragma once
#include <amptest/data.h>

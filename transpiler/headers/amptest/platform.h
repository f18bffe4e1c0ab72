// amptest/platform.h (amppy): the harness's export and noexcept spellings
#pragma once
#define AMP_TEST_API
#define AMP_NOEXCEPT noexcept

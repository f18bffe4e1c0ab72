// amptest/device.h (amppy): choosing the accelerator a test runs on.
// amppy runs a program's kernels on one target (cpu or cuda), so every request is answered with
// that target's default accelerator when it qualifies (double precision where asked), and a test
// whose request cannot be met (a reference rasterizer, a second device) is skipped.
#pragma once
#include <amp.h>
#include <vector>
#include <iostream>
#include <cstdlib>
#include <type_traits>
#include <amptest/platform.h>
#include <amptest/runall.h>

namespace Concurrency
{
    namespace Test
    {
        typedef enum
        {
            NOT_SPECIFIED = 0,
            INCLUDE_CPU = 1 << 1,
            EMULATED = 1 << 2,
            NOT_EMULATED = 1 << 3,
            D3D11_REF = 1 << 4,
            D3D11_WARP = 1 << 5,
            D3D11_GPU = 1 << 6,
            D3D11_ATI = 1 << 7,
            D3D11_NVIDIA = 1 << 8,
            AMP_DEFAULT = 1 << 10,
            DOUBLE = 1 << 11,
            LIMITED_DOUBLE = 1 << 12,
            LIMITED_DOUBLE_ONLY = 1 << 13,
            NO_DOUBLE = 1 << 14
        } device_flags;

        enum class Device : int
        {
            ALL_DEVICES = NOT_SPECIFIED,
            D3D11_REF = device_flags::D3D11_REF,
            D3D11_WARP = device_flags::D3D11_WARP,
            D3D11_GPU = device_flags::D3D11_GPU,
            D3D11_ATI = device_flags::D3D11_ATI,
            D3D11_NVIDIA = device_flags::D3D11_NVIDIA
        };

    }
}

// (at namespace scope: amppy keeps one definition of each operator function name)
inline Concurrency::Test::device_flags operator&(Concurrency::Test::device_flags lhs, Concurrency::Test::device_flags rhs)
{
    return static_cast<Concurrency::Test::device_flags>(static_cast<int>(lhs) & static_cast<int>(rhs));
}
inline Concurrency::Test::device_flags operator|(Concurrency::Test::device_flags lhs, Concurrency::Test::device_flags rhs)
{
    return static_cast<Concurrency::Test::device_flags>(static_cast<int>(lhs) | static_cast<int>(rhs));
}
inline void operator|=(Concurrency::Test::device_flags& lhs, Concurrency::Test::device_flags rhs)
{
    lhs = lhs | rhs;
}
inline Concurrency::Test::Device operator|(Concurrency::Test::Device lhs, Concurrency::Test::Device rhs)
{
    return static_cast<Concurrency::Test::Device>(static_cast<int>(lhs) | static_cast<int>(rhs));
}

namespace Concurrency
{
    namespace Test
    {
        // a test whose device cannot be had is skipped (exit status 2, runall_skip)
        inline void skip_for_device()
        {
            std::cout << "The required device could not be retrieved. Skipping..." << std::endl;
            exit(runall_skip);
        }

        // whether `device` meets `required_flags`
        inline bool device_meets(const accelerator& device, device_flags required_flags)
        {
            int flags = static_cast<int>(required_flags);
            // the device kinds asked for are alternatives: any one of them will do.  amppy's
            // devices are the target's hardware (the GPUs, or the CPU's numba device, which the
            // harness counts as the suite's hardware GPU though it reports is_emulated as WARP
            // does), WARP, REF and the CPU accelerator; no ATI device.
            int kinds = flags & (EMULATED | NOT_EMULATED | D3D11_REF | D3D11_WARP | D3D11_GPU | D3D11_ATI | D3D11_NVIDIA);
            if (device == accelerator(accelerator::cpu_accelerator)) {
                if ((flags & INCLUDE_CPU) == 0) {
                    return false;
                }
            } else if (kinds != 0) {
                bool ref = device == accelerator(accelerator::direct3d_ref);
                bool warp = device == accelerator(accelerator::direct3d_warp);
                bool emulated = ref || warp;
                bool kind = ((flags & EMULATED) != 0 && emulated) || ((flags & NOT_EMULATED) != 0 && !emulated)
                    || ((flags & D3D11_REF) != 0 && ref) || ((flags & D3D11_WARP) != 0 && warp)
                    || (!emulated && ((flags & (D3D11_GPU | D3D11_NVIDIA)) != 0));
                if (!kind) {
                    return false;
                }
            }
            if ((flags & (DOUBLE | LIMITED_DOUBLE)) != 0 && !device.get_supports_limited_double_precision()) {
                return false;
            }
            if ((flags & DOUBLE) != 0 && !device.get_supports_double_precision()) {
                return false;
            }
            if ((flags & NO_DOUBLE) != 0 && device.get_supports_limited_double_precision()) {
                return false;
            }
            return true;
        }

        inline std::vector<accelerator> get_available_devices(device_flags required_flags)
        {
            std::vector<accelerator> found;
            std::vector<accelerator> all = accelerator::get_all();
            for (size_t i = 0; i < all.size(); i++) {
                if (device_meets(all[i], required_flags)) {
                    found.push_back(all[i]);
                }
            }
            return found;
        }

        // (the first of get_all() that qualifies, the target's hardware first, as the suite's DMF
        // picks it: without making the default accelerator, which would fix the default)
        inline accelerator require_device(device_flags required_flags = NOT_SPECIFIED)
        {
            std::vector<accelerator> all = get_available_devices(required_flags);
            if (all.empty()) {
                skip_for_device();
            }
            return all[0];
        }

        inline accelerator require_device(const accelerator& excluded_device, device_flags required_flags)
        {
            std::vector<accelerator> all = get_available_devices(required_flags);
            for (size_t i = 0; i < all.size(); i++) {
                if (all[i] != excluded_device) {
                    return all[i];
                }
            }
            skip_for_device();
            return accelerator();
        }

        inline accelerator require_device(Device required_device)
        {
            return require_device(static_cast<device_flags>(required_device));
        }

        template <typename T>
        inline accelerator require_device_for(device_flags required_flags, bool full_double_support)
        {
            if (std::is_same<T, double>::value) {
                required_flags |= full_double_support ? DOUBLE : LIMITED_DOUBLE;
            }
            return require_device(required_flags);
        }

        template <typename T>
        inline accelerator require_device_for(const accelerator& excluded_device, device_flags required_flags, bool full_double_support)
        {
            if (std::is_same<T, double>::value) {
                required_flags |= full_double_support ? DOUBLE : LIMITED_DOUBLE;
            }
            return require_device(excluded_device, required_flags);
        }

        template <typename T>
        inline accelerator require_device_for(Device required_device = Device::ALL_DEVICES)
        {
            return require_device_for<T>(static_cast<device_flags>(required_device), false);
        }

        inline accelerator require_device_with_double(Device required_device = Device::ALL_DEVICES)
        {
            return require_device(static_cast<device_flags>(required_device) | LIMITED_DOUBLE);
        }

        inline bool get_device(accelerator& device, device_flags required_flags)
        {
            std::vector<accelerator> all = get_available_devices(required_flags);
            if (all.empty()) {
                return false;
            }
            device = all[0];
            return true;
        }

        inline bool get_device(Device required_device, accelerator& device)
        {
            return get_device(device, static_cast<device_flags>(required_device));
        }
    }
}

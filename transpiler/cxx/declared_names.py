"""Names the standard library, the Windows SDK and C++ AMP's headers declare that amppy does not
implement yet: name -> the header that declares it.

The parser's error path reads it (parse/errors.py): a declaration that starts with a name no
header amppy knows declares (`HRESULT f();`, `va_list ap;`) is `unknown type name` with the header
to include, or `not supported yet` when the program includes that header; never a bare syntax
error. The names amppy implements live in the sema areas (`sema/areas.py`), not here."""
from __future__ import annotations

_HEADERS = {
    "<cstdarg>": "va_list",
    "<cstdio>": "FILE fpos_t",
    "<ctime>": "tm",
    "<csetjmp>": "jmp_buf",
    "<csignal>": "sig_atomic_t",
    "<cwchar>": "mbstate_t wint_t",
    "<cstddef>": "max_align_t",
    "<windows.h>": """
        HRESULT LPVOID LPCVOID PVOID PBYTE LPBYTE LPDWORD PDWORD LPWORD SIZE_T SSIZE_T INT64 UINT64 INT32
        UINT32 INT16 UINT16 INT8 UINT8 LONGLONG ULONGLONG LONG64 ULONG64 DWORD64 DWORDLONG DWORD_PTR
        ULONG_PTR LONG_PTR UINT_PTR INT_PTR BOOLEAN FLOAT PFLOAT INT PINT LPINT PLONG LPLONG LPCTSTR
        LPTSTR PSTR PCSTR PWSTR PCWSTR HKEY HDC HBITMAP HBRUSH HFONT HGLOBAL HMENU HICON HCURSOR HRGN
        ATOM COLORREF CRITICAL_SECTION LPCRITICAL_SECTION SRWLOCK CONDITION_VARIABLE SYSTEMTIME FILETIME
        SECURITY_ATTRIBUTES LPSECURITY_ATTRIBUTES OVERLAPPED LPOVERLAPPED CONSOLE_SCREEN_BUFFER_INFO
        CONSOLE_CURSOR_INFO CHAR_INFO INPUT_RECORD KEY_EVENT_RECORD MOUSE_EVENT_RECORD POINT RECT SIZE
        MSG WNDCLASS WNDCLASSEX LPTHREAD_START_ROUTINE PROCESS_INFORMATION STARTUPINFO MEMORYSTATUSEX
        SYSTEM_INFO OSVERSIONINFO LUID GUID IID CLSID REFIID LPUNKNOWN IUnknown BSTR VARIANT""",
    "<d3d11.h>": """
        ID3D11Device ID3D11DeviceContext ID3D11Buffer ID3D11Texture2D ID3D11ShaderResourceView
        ID3D11UnorderedAccessView ID3D11RenderTargetView D3D11_BUFFER_DESC D3D11_TEXTURE2D_DESC
        D3D_FEATURE_LEVEL D3D_DRIVER_TYPE DXGI_FORMAT IDXGISwapChain""",
    "<amp.h>": "accelerator_view_removed unsupported_feature",
}

#: name -> the header that declares it
DECLARED_IN = {name: header for header, names in _HEADERS.items() for name in names.split()}

#: C++ AMP and standard function templates amppy implements, called without template arguments:
#: `copy<int, 1>(src, dst)` is "explicit template arguments ... not supported yet", not an unknown name
FUNCTION_TEMPLATES = frozenset({"copy", "copy_async", "parallel_for_each", "make_pair", "swap", "max", "min"})

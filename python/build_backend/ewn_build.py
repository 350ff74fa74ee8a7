"""The build backend of the Python module (PEP 517), in the tree so that installing needs
neither setuptools nor wheel, nor anything downloaded: any CPython >= 3.9 with pip builds it
with CMake, a C++ compiler and Debian's pybind11-dev.

build_wheel compiles the extension with python/CMakeLists.txt (the module's own sources against
an installed libewn of this version, or against one built once from this repository) and packs
the wheel itself: the package ewn/ (its __init__.py, the type stubs and py.typed) with the
extension beside them."""

import base64
import hashlib
import os
import re
import subprocess
import sys
import sysconfig
import tempfile
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]  # python/
NAME = "ewn"
SUMMARY = "Exact endgame tables and the engine of EinStein wuerfelt nicht! (the ewn library)"
REQUIRES_PYTHON = ">=3.9"


def version():
    """The one version of the project (VERSION at the repository's root). A copy of python/
    alone has none: the build says so and how to install, without a traceback."""
    path = HERE.parent / "VERSION"
    try:
        return path.read_text().strip()
    except OSError:
        print(f"ewn: {path} is missing: python/ builds only inside the ewn repository (the "
              "module compiles against the library of the rest of it), not from a copy of the "
              "folder alone. Install from a checkout of the repository: "
              "python3 -m pip install ./python", file=sys.stderr, flush=True)
        raise SystemExit(1) from None


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def build_sdist(sdist_directory, config_settings=None):
    # The module compiles the library's sources from the rest of the repository: python/ alone
    # would not build. Install from a checkout (pip install ./python).
    raise RuntimeError("ewn has no source distribution: install it from the repository with "
                       "`python3 -m pip install ./python`")


def wheel_tag():
    if sys.implementation.name != "cpython":
        raise RuntimeError(f"ewn builds for CPython, not {sys.implementation.name}")
    python = f"cp{sys.version_info.major}{sys.version_info.minor}"
    platform = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    return f"{python}-{python}-{platform}"


def metadata():
    readme = (HERE / "README.md").read_text()
    return (f"Metadata-Version: 2.1\nName: {NAME}\nVersion: {version()}\nSummary: {SUMMARY}\n"
            f"Requires-Python: {REQUIRES_PYTHON}\n"
            f"Description-Content-Type: text/markdown\n\n{readme}")


def dist_info_name():
    return f"{NAME}-{version()}.dist-info"


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    info = Path(metadata_directory) / dist_info_name()
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text(metadata())
    (info / "WHEEL").write_text(wheel_file())
    return info.name


def wheel_file():
    return (f"Wheel-Version: 1.0\nGenerator: ewn_build {version()}\nRoot-Is-Purelib: false\n"
            f"Tag: {wheel_tag()}\n")


def say(message):
    """A line for the person waiting: on the terminal where there is one (pip shows what a
    build backend prints only with -v), else in the build's log."""
    try:
        with open("/dev/tty", "w") as tty:
            tty.write(f"\r\033[Kewn: {message}\n")  # from the line's start, over pip's spinner
        return
    except OSError:
        print(f"ewn: {message}", file=sys.stderr, flush=True)


def run(command, what=None):
    """Runs a build step, its output into the build's log (pip -v shows it); for a compile
    (`what` given), its progress every tenth. Returns the step's output; raises on failure."""
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               text=True, errors="replace")
    output, shown = [], -1
    for line in process.stdout:
        sys.stderr.write(line)
        output.append(line)
        percent = re.match(r"\[\s*(\d+)%\]", line)
        if what and percent and int(percent.group(1)) // 10 > shown:
            shown = int(percent.group(1)) // 10
            say(f"{what}: {percent.group(1)}%")
    if process.wait() != 0:
        raise subprocess.CalledProcessError(process.returncode, command, "".join(output))
    return "".join(output)


def build_directory(name):
    """A build directory kept under python/build/ (a second install recompiles only what
    changed) or, where python/ is read-only, a temporary one."""
    build = HERE / "build" / name
    try:
        build.mkdir(parents=True, exist_ok=True)
    except OSError:
        build = Path(tempfile.mkdtemp(prefix=f"ewn-{name}-"))
    return build


def jobs():
    # CMAKE_BUILD_PARALLEL_LEVEL, if set, says how many compilers run at once; else every core.
    return os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL") or str(os.cpu_count() or 1)


def build_library():
    """libewn built once from this repository (whatever the Python) and installed into a
    prefix of its own under python/build/library: the prefix."""
    build = build_directory("library")
    prefix = build / "prefix"
    if prefix.is_dir():
        say(f"no installed libewn of this version: the one built before ({prefix}), updated")
    else:
        say("no installed libewn of this version: building it once from the repository "
            f"({jobs()} compilers at a time; the next install reuses it)")
    run(["cmake", "-S", str(HERE.parent), "-B", str(build / "tree"), "-DCMAKE_BUILD_TYPE=Release",
         "-DBUILD_TESTING=OFF"])
    run(["cmake", "--build", str(build / "tree"), "--target", "ewn_static", "ewn_shared",
         "-j", jobs()], what="compiling the library")
    run(["cmake", "--install", str(build / "tree"), "--component", "library", "--prefix",
         str(prefix)])
    return prefix


def configure_module(build, library_prefix=None):
    """Configures the module's project afresh (the library is looked for again each time):
    False where no installed libewn of this version is found."""
    command = ["cmake", "--fresh", "-S", str(HERE), "-B", str(build), "-DCMAKE_BUILD_TYPE=Release",
               f"-DPython_EXECUTABLE={sys.executable}"]
    if library_prefix:
        command.append(f"-DCMAKE_PREFIX_PATH={library_prefix}")
    try:
        run(command)
        return True
    except subprocess.CalledProcessError as error:
        if library_prefix is None and "no installed libewn" in error.output:
            return False
        raise


def compile_extension():
    """The built extension module _ewn (its path): the module's own sources against the
    installed libewn of this version, else against the one build_library makes. The module's
    build is kept per Python installation."""
    installation = hashlib.sha256(sysconfig.get_config_var("INCLUDEPY").encode()).hexdigest()
    build = build_directory(f"cmake-{wheel_tag()}-{installation[:8]}")
    if configure_module(build):
        say("using the installed libewn")
    else:
        configure_module(build, build_library())
    run(["cmake", "--build", str(build), "--target", "ewn_module", "-j", jobs()],
        what="compiling the module")
    say("module built")
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    return build / f"_ewn{suffix}"


def record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}\n"


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    extension = compile_extension()
    files = {f"{NAME}/{extension.name}": extension.read_bytes()}
    for source in sorted((HERE / NAME).iterdir()):
        if source.is_file() and source.suffix in (".py", ".pyi", ".typed"):
            files[f"{NAME}/{source.name}"] = source.read_bytes()
    info = dist_info_name()
    files[f"{info}/METADATA"] = metadata().encode()
    files[f"{info}/WHEEL"] = wheel_file().encode()
    wheel_name = f"{NAME}-{version()}-{wheel_tag()}.whl"
    path = Path(wheel_directory) / wheel_name
    record = "".join(record_line(name, data) for name, data in files.items())
    record += f"{info}/RECORD,,\n"
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as wheel:
        for name, data in files.items():
            entry = zipfile.ZipInfo(name, date_time=(2024, 1, 1, 0, 0, 0))
            # The extension is executable, the rest readable (unpacked with these modes).
            mode = 0o755 if name.endswith(".so") else 0o644
            entry.external_attr = (0o100000 | mode) << 16
            entry.compress_type = zipfile.ZIP_DEFLATED
            wheel.writestr(entry, data)
        wheel.writestr(f"{info}/RECORD", record)
    return wheel_name

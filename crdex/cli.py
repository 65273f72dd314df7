def main() -> None:
    print("crdex")
